package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
)

// The checkpoint file is one JSON object, {"version":N,"entries":…}. Version
// is the only field every version shares; the shape of entries is the
// version's own. Each older version has one migration function that turns a
// document of that version into a document of the next one, so a file of
// any supported version reaches the current one by a chain of small steps
// (the Datadog Agent auditor's api_v0 → v1 → v2 model).
//
// Version 1 (the earlier shape, keyed by path, no identity):
//
//	{"version":1,"entries":{"/var/log/pods/ns_pod_uid/c/0.log":{"offset":4096,"updated":"2026-11-30T04:43:12Z"}}}
//
// Version 2 (current, one entry per device and inode):
//
//	{"version":2,"entries":[{"path":"/var/log/pods/ns_pod_uid/c/0.log","dev":2049,"inode":1234,
//	  "fingerprint":"a1b2c3d4e5f60708","offset":4096,"updated":"2026-11-30T04:43:12Z"}]}
//
// The fingerprint is written as 16 hex digits so that tools that read JSON
// numbers as float64 do not round it.
const currentVersion = 2

// fileName is the checkpoint file inside the directory given to Open.
const fileName = "checkpoints.json"

// tempPattern names the temporary file Save writes before renaming it.
const tempPattern = fileName + ".tmp-*"

type header struct {
	Version *int `json:"version"`
}

type docV1 struct {
	Version int                `json:"version"`
	Entries map[string]entryV1 `json:"entries"`
}

type entryV1 struct {
	Offset  int64     `json:"offset"`
	Updated time.Time `json:"updated"`
}

type docV2 struct {
	Version int       `json:"version"`
	Entries []entryV2 `json:"entries"`
}

type entryV2 struct {
	Path        string    `json:"path"`
	Dev         uint64    `json:"dev"`
	Inode       uint64    `json:"inode"`
	Fingerprint string    `json:"fingerprint"`
	Offset      int64     `json:"offset"`
	Updated     time.Time `json:"updated"`
}

// migrations[v] turns a version v document into a version v+1 document.
var migrations = map[int]func([]byte) ([]byte, error){
	1: migrateV1,
}

// migrateV1 gives each path-keyed v1 entry the identity of the file that is
// at that path now: its device and inode, and the fingerprint of the bytes
// before the offset (v1 trusted the path, so the file there is the file the
// offset belongs to, as far as v1 could know). Entries whose file is gone,
// is not a regular file or is shorter than the offset are dropped: there is
// nothing left to resume.
func migrateV1(data []byte) ([]byte, error) {
	var v1 docV1
	if err := json.Unmarshal(data, &v1); err != nil {
		return nil, err
	}
	v2 := docV2{Version: 2, Entries: []entryV2{}}
	for path, e := range v1.Entries {
		if e.Offset < 0 {
			return nil, fmt.Errorf("v1 entry %q: negative offset %d", path, e.Offset)
		}
		id, ok := identityAt(path, e.Offset)
		if !ok {
			continue
		}
		v2.Entries = append(v2.Entries, entryV2{
			Path: path, Dev: id.Dev, Inode: id.Inode, Fingerprint: formatFingerprint(id.Fingerprint),
			Offset: e.Offset, Updated: e.Updated,
		})
	}
	return json.Marshal(v2)
}

func identityAt(path string, offset int64) (Identity, bool) {
	f, err := os.Open(path)
	if err != nil {
		return Identity{}, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < offset {
		return Identity{}, false
	}
	id, err := FileIdentity(f, offset)
	if err != nil {
		return Identity{}, false
	}
	return id, true
}

func formatFingerprint(fp uint64) string {
	return fmt.Sprintf("%016x", fp)
}

// decode reads a checkpoint document of any supported version.
func decode(data []byte) ([]Entry, error) {
	var h header
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, err
	}
	if h.Version == nil {
		return nil, errors.New(`no "version"`)
	}
	v := *h.Version
	if v < 1 || v > currentVersion {
		return nil, fmt.Errorf("unsupported version %d (this build reads 1 to %d)", v, currentVersion)
	}
	for ; v < currentVersion; v++ {
		var err error
		if data, err = migrations[v](data); err != nil {
			return nil, fmt.Errorf("migrating version %d: %w", v, err)
		}
	}
	var doc docV2
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	entries := make([]Entry, 0, len(doc.Entries))
	for i, e := range doc.Entries {
		fp, err := strconv.ParseUint(e.Fingerprint, 16, 64)
		if err != nil {
			return nil, fmt.Errorf("entry %d: fingerprint %q: %w", i, e.Fingerprint, err)
		}
		if e.Offset < 0 {
			return nil, fmt.Errorf("entry %d: negative offset %d", i, e.Offset)
		}
		entries = append(entries, Entry{
			Path: e.Path, ID: Identity{Dev: e.Dev, Inode: e.Inode, Fingerprint: fp},
			Offset: e.Offset, Updated: e.Updated,
		})
	}
	return entries, nil
}

// encode writes entries as a current-version document.
func encode(w io.Writer, entries []Entry) error {
	doc := docV2{Version: currentVersion, Entries: make([]entryV2, len(entries))}
	for i, e := range entries {
		doc.Entries[i] = entryV2{
			Path: e.Path, Dev: e.ID.Dev, Inode: e.ID.Inode, Fingerprint: formatFingerprint(e.ID.Fingerprint),
			Offset: e.Offset, Updated: e.Updated.UTC(),
		}
	}
	enc := json.NewEncoder(w)
	return enc.Encode(doc)
}
