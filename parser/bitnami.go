package parser

import "bytes"

// Bitnami's container images run their set-up scripts through liblog.sh,
// whose info, warn, error and debug functions print to stderr:
//
//	postgresql 10:57:40.63 INFO  ==> ** Starting PostgreSQL setup **
//	redis 10:57:41.02 WARN  ==> You set the environment variable ALLOW_EMPTY_PASSWORD=yes.
//	keycloak 06:21:05.31 ERROR ==> The KEYCLOAK_DATABASE_HOST is not set
//
// the module (the image's MODULE variable, which some leave empty: the line
// then opens with the space), the time of day as date's
// "%T.%2N", the level padded to five columns, " ==> " and the message.
// With BITNAMI_COLOR on, the default, each part is coloured:
// ESC[38;5;6m module ESC[38;5;5m time ESC[0m, and the level in its colour
// followed by ESC[0m. Every pod of a Bitnami chart prints a dozen of them
// as it starts, each one an error to the Agent. A line is one record: what
// follows is the program's own output, or another message.

// bitnamiModuleByte marks the bytes of a module name: lower-case letters,
// digits, '-', '_' and '.'.
var bitnamiModuleByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t['.'] = true, true, true
	return t
}()

// parseBitnami recognises a liblog.sh line, coloured or not. It looks at
// most at the first word and the bytes after it before rejecting a line,
// and sets nothing in r unless the line is one.
func parseBitnami(h []byte, r *Record) bool {
	ms := skipCSI(h, 0)
	// A module is a lower-case word of up to 48 bytes (an image's name:
	// "postgresql", "redis-sentinel"), then a space; an image that sets
	// no MODULE prints nothing before the space. Most lines that open
	// with a lower-case word are no Bitnami line (logfmt, a Go panic's
	// frames), so the space is found with IndexByte, and the module's
	// bytes are checked only when the time follows it.
	me := bytes.IndexByte(h[ms:min(len(h), ms+49)], ' ')
	if me < 0 {
		return false
	}
	return parseBitnamiAt(h, ms, ms+me, r)
}

// parseBitnamiAt is parseBitnami once the module's bounds are known: it
// opens at ms (after the colour code, if any) and ends at the line's first
// space, me, within 48 bytes of ms. parseHeader's case for the lower-case
// letters searches the first space once for all its attempts (#14).
func parseBitnamiAt(h []byte, ms, me int, r *Record) bool {
	if me+1 >= len(h) {
		return false
	}
	ts := skipCSI(h, me+1)
	if ts+12 > len(h) || h[ts+2] != ':' || h[ts+5] != ':' || h[ts+8] != '.' || h[ts+11] != ' ' {
		return false
	}
	for _, k := range [...]int{0, 1, 3, 4, 6, 7, 9, 10} {
		if !isDigit(h[ts+k]) {
			return false
		}
	}
	for _, c := range h[ms:me] {
		if !bitnamiModuleByte[c] {
			return false
		}
	}
	ls := skipCSI(h, skipCSI(h, ts+12)) // the reset, the level's colour
	le := upperRun(h, ls, 5)
	lvl, ok := capitalLevel(h[ls:le]) // DEBUG INFO WARN ERROR
	if !ok {
		return false
	}
	i := skipCSI(h, le)
	if !bitnamiArrow(h, i) && i < len(h) && h[i] == ' ' {
		i = skipCSI(h, i+1) // the padding to five columns
	}
	if !bitnamiArrow(h, i) {
		return false
	}
	r.Format, r.Level = FormatBitnami, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.logger = span{int32(ms), int32(me)} // empty without a MODULE
	r.time, r.timeKind = span{int32(ts), int32(ts + 11)}, timeClock
	r.msg = span{int32(min(i+5, len(h))), int32(len(h))}
	return true
}

// bitnamiArrow reports whether " ==>" opens h[i:], at the line's end or
// before a space.
func bitnamiArrow(h []byte, i int) bool {
	return len(h)-i >= 4 && string(h[i:i+4]) == " ==>" && (i+4 == len(h) || h[i+4] == ' ')
}
