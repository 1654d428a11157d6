//go:build linux

package checkpoint

import (
	"os"
	"syscall"
)

func devInode(fi os.FileInfo) (dev, inode uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), true
}
