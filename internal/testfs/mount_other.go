//go:build !linux

package testfs

import "errors"

var errUnsupported = errors.New("tmpfs mounts are Linux-only")

func mountTmpfs(string, int64) error { return errUnsupported }
func remount(string, bool) error     { return errUnsupported }
func unmount(string) error           { return errUnsupported }
