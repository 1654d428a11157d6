package ndjson

import "strconv"

// Repeated keys. A log line may repeat a key (klog `pod="a" … pod="b"`, a
// JSON object with a member twice, logfmt `k=1 k=2`), but a JSON object
// with duplicate names is read differently by different consumers: some keep
// the first, most the last, some fail. So that nothing is lost and every
// reader sees the same thing, the first occurrence keeps its name and the
// n-th repetition is written as name_n (pod, pod_2, pod_3, …), or, when the
// line itself already has that name, the next number that is free. Names are
// compared after decoding, as a JSON reader would compare them.

// keySet holds the names written in one object. Its memory is kept between
// objects, so that after the first records it allocates nothing. Up to
// smallSet names are compared one by one; past that, lookups go through an
// open-addressing table, so that a record with thousands of fields costs
// linear time, not quadratic.
type keySet struct {
	entries []keyEntry
	// copies holds the names that were copied (see insert), back to
	// back. Growing it leaves the earlier copies where they were, in
	// the array they were made in, so entries can point at them.
	copies []byte
	// table maps a name's hash to its index: each slot holds gen<<32 |
	// index+1, and a slot of another generation is free, so that reset
	// need not clear it.
	table []uint64
	gen   uint64
	tmp   []byte
	// seen has bit bloomBit(name) set for every name in the set: a
	// name whose bit is clear is new without a comparison, and most
	// names of a record are.
	seen uint64
}

// keyEntry is one name of the set and how often it was asked for.
type keyEntry struct {
	name []byte
	reps int32
}

// bloomBit picks name's bit in keySet.seen from its length and its first
// and last bytes, which tell the short names of one record apart.
func bloomBit(name []byte) uint64 {
	n := uint(len(name))
	if n == 0 {
		return 1
	}
	return 1 << ((n + uint(name[0])*7 + uint(name[n-1])*13) & 63)
}

// reset forgets the names of the previous object.
func (s *keySet) reset() {
	// The entries past the new length still point at earlier lines:
	// at most the buffers of the records before, which their owners
	// reuse, so they are not cleared.
	s.entries, s.copies = s.entries[:0], s.copies[:0]
	s.seen = 0
	s.gen++
	if s.gen >= 1<<32 {
		clear(s.table)
		s.gen = 1
	}
}

func (s *keySet) name(i int) []byte { return s.entries[i].name }

// unique returns the name under which key is written: key the first time,
// then key_2, key_3… The result is valid until the next call.
func (s *keySet) unique(key []byte) []byte {
	if i, ok := s.lookup(key); ok {
		for {
			s.entries[i].reps++
			s.tmp = strconv.AppendInt(append(append(s.tmp[:0], key...), '_'), int64(s.entries[i].reps), 10)
			if _, taken := s.lookup(s.tmp); !taken {
				return s.insert(s.tmp, false)
			}
		}
	}
	return s.insert(key, false)
}

// add records key, which must stay as it is until reset (a slice of the
// record's line), and reports true when the object does not have it yet;
// otherwise it reports false and changes nothing, so that unique can then
// pick the name under which it is written.
func (s *keySet) add(key []byte) bool {
	if _, ok := s.lookup(key); ok {
		return false
	}
	s.insert(key, true)
	return true
}

// smallSet is the number of names looked up by comparing them one by one:
// most records have a handful of fields, and comparing a few short names
// costs less than hashing each. Past it the names go into the table.
const smallSet = 8

// lookup returns the index of name, if it was written.
func (s *keySet) lookup(name []byte) (int, bool) {
	if s.seen&bloomBit(name) == 0 {
		return 0, false
	}
	if len(s.entries) <= smallSet {
		for i := range s.entries {
			if string(s.entries[i].name) == string(name) {
				return i, true
			}
		}
		return 0, false
	}
	m := uint64(len(s.table) - 1)
	for p := hashName(name) & m; ; p = (p + 1) & m {
		e := s.table[p]
		if e>>32 != s.gen {
			return 0, false
		}
		if i := int(uint32(e)) - 1; string(s.name(i)) == string(name) {
			return i, true
		}
	}
}

// insert records name, known to be absent, and returns the name as the set
// keeps it. A stable name (one that stays as it is until reset, such as a
// slice of the record's line) is kept as it is; any other is copied.
func (s *keySet) insert(name []byte, stable bool) []byte {
	if !stable {
		n := len(s.copies)
		s.copies = append(s.copies, name...)
		name = s.copies[n:len(s.copies):len(s.copies)]
	}
	s.entries = append(s.entries, keyEntry{name: name, reps: 1})
	s.seen |= bloomBit(name)
	i := len(s.entries) - 1
	switch n := len(s.entries); {
	case n <= smallSet:
		// Compared one by one: not in the table.
	case n == smallSet+1 || 2*n > len(s.table):
		s.index()
	default:
		s.place(i)
	}
	return name
}

// place puts name i into the table.
func (s *keySet) place(i int) {
	m := uint64(len(s.table) - 1)
	p := hashName(s.name(i)) & m
	for s.table[p]>>32 == s.gen {
		p = (p + 1) & m
	}
	s.table[p] = s.gen<<32 | uint64(i+1)
}

// index puts every name into the table, first doubling it (at least 16
// slots) when that keeps it at most half full. It runs when the object
// passes smallSet names, when none of them is in the table yet, and when
// the table is full, which a new table empties.
func (s *keySet) index() {
	for 2*len(s.entries) > len(s.table) {
		s.table = make([]uint64, max(16, 2*len(s.table)))
	}
	for i := range s.entries {
		s.place(i)
	}
}

// hashName is FNV-1a: keys are short, and the table needs no more.
func hashName(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}
