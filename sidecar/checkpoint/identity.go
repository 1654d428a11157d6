package checkpoint

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// FingerprintSize is how many bytes from the start of a file a fingerprint
// covers at most (1 KiB).
const FingerprintSize = 1024

// Identity names one file independently of its path: the device and inode
// it lives on, and a fingerprint of its first bytes. The inode alone is not
// enough, because a file system reuses the inode of a deleted file for the
// next file it creates; the fingerprint tells the two apart.
//
// The fingerprint of a checkpoint covers the first min(offset, FingerprintSize)
// bytes of the file, where offset is the checkpointed offset: exactly the
// bytes that were read, up to 1 KiB. A checkpoint is therefore verified over
// everything that precedes the resume point when that point is within the
// first KiB, and over the first KiB otherwise.
//
// How a short file's fingerprint is upgraded: while the reader is inside the
// first FingerprintSize bytes, each new offset carries a fingerprint over the
// longer prefix (see Fingerprint: the length is part of the hash), and each
// Set replaces the entry of the same device and inode. Once the offset passes
// FingerprintSize the fingerprint stops changing. A reader resuming a file
// recomputes the fingerprint over the prefix ending at each candidate line
// boundary inside the first KiB (and over the whole first KiB) and asks for
// each; only the one matching the stored prefix length and content matches.
type Identity struct {
	Dev, Inode  uint64
	Fingerprint uint64
}

// String formats the identity for logs.
func (id Identity) String() string {
	return fmt.Sprintf("dev=%d inode=%d fp=%016x", id.Dev, id.Inode, id.Fingerprint)
}

// SameFile reports whether id and o name the same device and inode,
// whatever their fingerprints.
func (id Identity) SameFile(o Identity) bool { return id.Dev == o.Dev && id.Inode == o.Inode }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Fingerprint hashes head[:min(len(head), FingerprintSize)] followed by that
// length (FNV-1a, 64 bits). Including the length makes the fingerprint of a
// 10-byte prefix differ from that of the same 10 bytes padded with NULs.
// The function is part of the checkpoint file format: changing it needs a
// new format version.
func Fingerprint(head []byte) uint64 {
	if len(head) > FingerprintSize {
		head = head[:FingerprintSize]
	}
	h := uint64(fnvOffset)
	for _, c := range head {
		h ^= uint64(c)
		h *= fnvPrime
	}
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(head)))
	for _, c := range n {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// DevInode returns the device and inode of fi, and false where the platform
// does not expose them (everything but Linux).
func DevInode(fi os.FileInfo) (dev, inode uint64, ok bool) { return devInode(fi) }

// FileIdentity returns the identity a checkpoint at offset in f carries: f's
// device and inode, and the fingerprint of its first min(offset,
// FingerprintSize) bytes. It fails if the file is shorter than that prefix.
func FileIdentity(f *os.File, offset int64) (Identity, error) {
	fi, err := f.Stat()
	if err != nil {
		return Identity{}, fmt.Errorf("checkpoint: %w", err)
	}
	var id Identity
	id.Dev, id.Inode, _ = devInode(fi)
	n := min(max(offset, 0), FingerprintSize)
	head := make([]byte, n)
	if _, err := f.ReadAt(head, 0); err != nil {
		if err == io.EOF {
			return Identity{}, fmt.Errorf("checkpoint: %s is shorter than %d bytes: %w", f.Name(), n, io.ErrUnexpectedEOF)
		}
		return Identity{}, fmt.Errorf("checkpoint: %w", err)
	}
	id.Fingerprint = Fingerprint(head)
	return id, nil
}
