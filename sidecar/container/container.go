// Package container decodes container log files (the files a container
// runtime writes on a Kubernetes node) into the lines the container wrote,
// one stream at a time. It is the first stage of the sidecar: bytes →
// container decoder → line joiner → parser → sink.
//
// Three file formats are understood, and a fourth passes lines through:
//
//   - CRI, as containerd and CRI-O (conmon) write /var/log/pods/…/N.log:
//     "<RFC3339Nano time> <stdout|stderr> <P|F>[:tags] <content>\n". P
//     (partial) pieces are merged with the pieces that follow on the same
//     stream, up to and including the F piece that ends the line.
//   - Docker json-file:
//     {"log":"…","stream":"stdout|stderr","attrs":{…},"time":"…"}. A log
//     value without a trailing "\n" is a partial piece, merged the same way.
//   - Raw: every physical line is one line of stdout, without a time.
//   - Auto: the format is chosen on the first non-empty record and kept (see
//     [Auto]).
//
// The caller reads physical records (lines of the file) and gives each to
// [Decoder.Feed] together with its end offset in the file; Feed returns the
// lines ([Entry]) that the record completed. [Decoder.Flush] emits what is
// still pending at the end of a file or when the file has been idle.
// [Decoder.All] does the reading for an [io.Reader].
//
// # What the decoder guarantees
//
//   - No content is lost: a record that is not in the decoder's format is
//     passed through whole as an Entry on [Stdout] with Malformed set, and a
//     line longer than [MaxLineBytes] comes out in pieces with Partial set on
//     all but the last. Content bytes are passed through unchanged (TABs, ESC,
//     invalid UTF-8); only the runtime's wrapper is removed and, for Docker,
//     the JSON string is unescaped.
//   - Line ends: the "\n" that ends a line is removed, and so is one "\r"
//     just before it (the last byte of the final CRI or Docker piece, or of
//     the merged line when that piece is empty). containerd already removes
//     "\r\n", while CRI-O and Docker keep the "\r" a tty wrote; removing it
//     here makes a line read the same whatever runtime ran the container.
//     Raw lines lose a "\r\n" the same way. A "\r" that ends a Partial piece
//     is kept: the line has not ended there.
//   - Memory is bounded by MaxLineBytes per stream (two buffers each, for
//     stdout and stderr) plus the size of one record.
//   - No input makes it panic.
//
// # Offsets and checkpoints
//
// Every Entry carries two offsets. End is the offset just after the last
// record that contributed content to the Entry. Resume is the offset to
// save in a checkpoint once this Entry and every Entry before it has been
// delivered: restarting the read there loses nothing, because it is never
// past the start of a record whose content is still pending in the decoder
// (a P piece on the other stream, for example). Resume is monotonic. End is
// monotonic within the lines of one stream and within the Malformed entries,
// but not across them: a stderr line, or a Malformed record, can complete
// while a stdout line is pending. When stdout and stderr interleave partial
// pieces, restarting at Resume can repeat an Entry of the other stream:
// delivery is at least once, never lossy.
//
// At rotation, Flush the decoder before moving to the new file, then
// [Decoder.Reset] it (or make a new one): offsets start again at zero, and a
// line cut by the rotation comes out as a Partial Entry followed by its rest.
package container

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Stream is the output stream a line was written to.
type Stream uint8

// The two streams. A container with a tty has one stream, labelled stdout.
const (
	Stdout Stream = iota
	Stderr
)

// String returns "stdout" or "stderr".
func (s Stream) String() string {
	switch s {
	case Stdout:
		return "stdout"
	case Stderr:
		return "stderr"
	}
	return "Stream(" + strconv.Itoa(int(s)) + ")"
}

// Format is a container log file format.
type Format uint8

// The formats. Auto is the zero value.
const (
	// Auto chooses the format on the first non-empty record and keeps it:
	// Docker if the record is a JSON object with a string "log" and a
	// "stream" of "stdout" or "stderr"; else CRI if it matches
	// `^\S+ (stdout|stderr) [PF](:\S*)?( |$)`; else Raw. Empty records before
	// that are emitted as empty stdout lines.
	Auto Format = iota
	// CRI is the Kubernetes CRI log format written by containerd and CRI-O.
	CRI
	// Docker is Docker's json-file log driver format.
	Docker
	// Raw is plain text: each physical line is a line of stdout.
	Raw
	// Kubectl is what `kubectl logs --timestamps` writes: each line behind
	// the time the runtime gave it (RFC 3339) and a space, the stream
	// unknown (stdout). Auto never chooses it: zap's and zerolog's lines
	// open with an RFC 3339 time too. A line that does not open with a
	// time passes through Malformed.
	Kubectl
)

var formatNames = [...]string{Auto: "auto", CRI: "cri", Docker: "docker", Raw: "raw", Kubectl: "kubectl"}

// String returns the name ParseFormat accepts: "auto", "cri", "docker",
// "raw" or "kubectl".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ErrFormat is returned by ParseFormat for an unknown name.
var ErrFormat = errors.New("container: unknown format")

// ErrOffset is returned by Feed when a record's offsets are impossible: the
// record would start before offset zero or before the end of the previous
// record.
var ErrOffset = errors.New("container: record offset out of order")

// ParseFormat returns the Format named "auto", "cri", "docker", "raw" or
// "kubectl".
func ParseFormat(name string) (Format, error) {
	for f, n := range formatNames {
		if n == name {
			return Format(f), nil
		}
	}
	return Auto, fmt.Errorf(`%w %q: want "auto", "cri", "docker", "raw" or "kubectl"`, ErrFormat, name)
}

// MarshalText implements encoding.TextMarshaler.
func (f Format) MarshalText() ([]byte, error) {
	if int(f) >= len(formatNames) {
		return nil, ErrFormat
	}
	return []byte(f.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler, so a Format can be a
// flag (flag.TextVar).
func (f *Format) UnmarshalText(text []byte) error {
	v, err := ParseFormat(string(text))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Entry is one line of a container's output, after partial pieces are
// merged.
//
// Line may alias the record given to Feed or the decoder's buffers: it is
// valid until the next call to Feed, Flush or Reset, and only while the
// caller leaves the record unchanged. Copy it to keep it.
type Entry struct {
	// Stream is the stream the line was written to; Stdout for Raw and
	// Malformed entries.
	Stream Stream
	// Time is the runtime's timestamp of the line's first piece (all pieces
	// of a Docker line share it); zero for Raw, for Malformed entries and
	// when the runtime's timestamp does not parse as RFC 3339.
	Time time.Time
	// Line is the content, without the runtime's wrapper and without the
	// line's "\n" or "\r\n" (see the package documentation).
	Line []byte
	// Partial reports that the line goes on in the next Entry of the same
	// stream: it was cut at MaxLineBytes, or it is an unterminated piece
	// emitted by Flush (end of file, idle file), or a Raw or Malformed record
	// without a "\n" (a file's unterminated end, or a piece of an over-long
	// physical line).
	Partial bool
	// Malformed reports a record that was not in the decoder's format,
	// passed through whole (less its "\n") so nothing is lost.
	Malformed bool
	// End is the offset in the file just after the last record that
	// contributed content to this Entry.
	End int64
	// Resume is the offset to checkpoint once this Entry and all before it
	// are delivered (see the package documentation).
	Resume int64
}

// DefaultMaxLineBytes is the default bound on one Entry's Line. Datadog
// truncates a log at 1 MB; kubelet's own bound on a CRI line is 16 KiB per
// piece, unbounded once merged.
const DefaultMaxLineBytes = 1 << 20

// Option configures a Decoder.
type Option interface{ apply(*config) }

type config struct {
	maxLine int
}

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// MaxLineBytes bounds the length of one Entry's Line (n ≥ 1; other values
// are ignored). A longer line comes out in pieces of n bytes, with Partial
// set on all but the last.
func MaxLineBytes(n int) Option {
	return optionFunc(func(c *config) {
		if n >= 1 {
			c.maxLine = n
		}
	})
}
