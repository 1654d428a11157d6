//go:build linux

package tail

import (
	"os"
	"syscall"
)

// linkCount returns the number of names fi has; 0 means it was deleted.
func linkCount(fi os.FileInfo) (uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Nlink), true
}
