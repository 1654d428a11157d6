package ndjson

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// naiveUnique is the renaming rule of keys.go written the obvious way: a
// name the object has is written as name_n, n counting up from its number
// of uses, until a free one.
type naiveUnique struct {
	taken map[string]bool
	reps  map[string]int
}

func (n *naiveUnique) unique(key string) string {
	if !n.taken[key] {
		n.taken[key], n.reps[key] = true, 1
		return key
	}
	for {
		n.reps[key]++
		c := key + "_" + strconv.Itoa(n.reps[key])
		if !n.taken[c] {
			n.taken[c], n.reps[c] = true, 1
			return c
		}
	}
}

// keySet renames as the naive rule does for objects of every size around
// smallSet, where lookups move from comparing names to the table, and
// beyond, reused from object to object as an encoder reuses it.
func TestKeySetAgreesWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "a_2", "a_3", "pod", "pod_2", "k", "k_7", "", "x", "y", "z", "msg", "err"}
	var s keySet
	for obj := range 3000 {
		s.reset()
		n := naiveUnique{taken: map[string]bool{}, reps: map[string]int{}}
		size := obj % (3*smallSet + 2)
		if obj%100 == 99 {
			size = 200
		}
		for i := range size {
			key := names[rng.IntN(len(names))]
			if rng.IntN(3) == 0 {
				key = "f" + strconv.Itoa(i) // mostly distinct names
			}
			got, want := string(s.unique([]byte(key))), n.unique(key)
			if got != want {
				t.Fatalf("object %d (size %d), name %d %q: %q, want %q", obj, size, i, key, got, want)
			}
		}
	}
}
