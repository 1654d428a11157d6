//go:build !linux

package checkpoint

import "os"

// devInode is unavailable here: identities carry only the fingerprint, so
// inode reuse cannot be told apart from a file that starts the same way.
func devInode(os.FileInfo) (dev, inode uint64, ok bool) { return 0, 0, false }
