package container

import "bytes"

// criRecord is one CRI log record, as spans of the record body.
type criRecord struct {
	time    []byte
	stream  Stream
	full    bool // tag F: the last piece of a line; P: more follows
	content []byte
}

// parseCRI splits a CRI record body (without its "\n"):
//
//	<time> <stdout|stderr> <P|F>[:tags] <content>
//
// The time is any run of non-blank bytes (it is parsed later, lazily); the
// tag's first letter decides, and anything after a ':' is ignored, as kubelet
// does. An empty line may come with or without the space after the tag.
func parseCRI(b []byte) (criRecord, bool) {
	var r criRecord
	sp := bytes.IndexByte(b, ' ')
	if sp <= 0 {
		return r, false
	}
	for _, c := range b[:sp] {
		if c <= ' ' || c == 0x7f {
			return r, false
		}
	}
	r.time = b[:sp]
	rest := b[sp+1:]
	if len(rest) < 8 || rest[6] != ' ' {
		return r, false
	}
	switch string(rest[:6]) {
	case "stdout":
		r.stream = Stdout
	case "stderr":
		r.stream = Stderr
	default:
		return r, false
	}
	rest = rest[7:]
	switch rest[0] {
	case 'F':
		r.full = true
	case 'P':
	default:
		return r, false
	}
	if len(rest) == 1 {
		return r, true // "F" with no space and no content
	}
	switch rest[1] {
	case ' ':
		r.content = rest[2:]
	case ':':
		if i := bytes.IndexByte(rest, ' '); i >= 0 {
			r.content = rest[i+1:]
		}
	default:
		return r, false
	}
	return r, true
}
