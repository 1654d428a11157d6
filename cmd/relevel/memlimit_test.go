package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The limit is read from the group /proc/self/cgroup names (v2 or v1),
// else from the mount point itself; "max" and v1's huge value mean none.
func TestCgroupMemoryLimit(t *testing.T) {
	for _, c := range []struct {
		name, self string
		files      map[string]string
		want       int64
		ok         bool
	}{
		{"v2 own group", "0::/kubepods/pod1/c1\n", map[string]string{"kubepods/pod1/c1/memory.max": "402653184\n"}, 402653184, true},
		{"v2 namespaced root", "0::/\n", map[string]string{"memory.max": "268435456\n"}, 268435456, true},
		{"v2 unlimited", "0::/\n", map[string]string{"memory.max": "max\n"}, 0, false},
		{"v1", "7:cpu,cpuacct:/x\n4:memory:/kubepods/c2\n", map[string]string{"memory/kubepods/c2/memory.limit_in_bytes": "134217728"}, 134217728, true},
		{"v1 unlimited", "4:memory:/\n", map[string]string{"memory/memory.limit_in_bytes": "9223372036854771712"}, 0, false},
		{"none", "0::/\n", nil, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			for p, v := range c.files {
				p = filepath.Join(root, p)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(v), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			self := filepath.Join(t.TempDir(), "cgroup")
			if err := os.WriteFile(self, []byte(c.self), 0o644); err != nil {
				t.Fatal(err)
			}
			got, ok := cgroupMemoryLimit(root, self)
			if got != c.want || ok != c.ok {
				t.Errorf("cgroupMemoryLimit = %d, %v; want %d, %v", got, ok, c.want, c.ok)
			}
		})
	}
}
