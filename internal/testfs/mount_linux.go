package testfs

import (
	"strconv"
	"syscall"
)

func mountTmpfs(dir string, size int64) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.FormatInt(size, 10)+",mode=0755")
}

func remount(dir string, ro bool) error {
	flags := uintptr(syscall.MS_REMOUNT)
	if ro {
		flags |= syscall.MS_RDONLY
	}
	return syscall.Mount("tmpfs", dir, "tmpfs", flags, "")
}

func unmount(dir string) error { return syscall.Unmount(dir, syscall.MNT_DETACH) }
