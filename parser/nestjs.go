package parser

import "time"

// NestJS's ConsoleLogger, the default logger of every NestJS application
// (@nestjs/common), coloured even when its output is no terminal (NO_COLOR
// turns that off):
//
//	ESC[32m[Nest] 1  - ESC[39m12/02/2026, 9:09:29 AM ESC[32m    LOGESC[39m ESC[38;5;3m[NestFactory] ESC[39mESC[32mStarting Nest application...ESC[39m
//	[Nest] 1  - 12/02/2026, 9:09:29 AM   ERROR [ExceptionsHandler] boom
//	Error: boom
//	    at AppController.getHello (/app/dist/app.controller.js:21:15)
//
// the process id, the time as the runtime's locale writes it
// (Intl.DateTimeFormat: "12/02/2026, 9:09:29 AM" in en-US), the level
// right-aligned in seven columns, the context in brackets (the logger), the
// message. LOG, WARN, DEBUG and VERBOSE go to stdout, ERROR and FATAL to
// stderr; an error's stack, a multi-line message and a printed object
// follow on lines of their own, raw.

// nestLevel maps ConsoleLogger's level column, padding removed.
func nestLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "LOG":
		return LevelInfo, true
	case "WARN":
		return LevelWarning, true
	case "ERROR":
		return LevelError, true
	case "DEBUG", "VERBOSE":
		return LevelDebug, true
	case "FATAL":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

var nestPrefix = []byte("[Nest] ")

// parseNest recognises a ConsoleLogger line, coloured or not.
func parseNest(h []byte, r *Record) bool {
	i := skipCSI(h, 0)
	if len(h)-i < len(nestPrefix)+20 || string(h[i:i+len(nestPrefix)]) != string(nestPrefix) {
		return false
	}
	i += len(nestPrefix)
	ps := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || i+4 > len(h) || string(h[i:i+4]) != "  - " {
		return false
	}
	pid := span{int32(ps), int32(i)}
	ts := skipCSI(h, i+4)
	// The time runs to the level column: a space, a colour, seven
	// columns holding the level right-aligned, a colour's end, a space.
	te, ls, le, lend := -1, 0, 0, 0
	for p := ts + 1; p < len(h) && p < ts+48; p++ {
		if h[p] != ' ' {
			continue
		}
		c := skipCSI(h, p+1)
		if c+7 > len(h) {
			break
		}
		s := c
		for s < c+7 && h[s] == ' ' {
			s++
		}
		if _, ok := nestLevel(h[s : c+7]); !ok {
			continue
		}
		e := skipCSI(h, c+7)
		if e < len(h) && h[e] != ' ' {
			continue
		}
		te, ls, le, lend = p, s, c+7, e
		break
	}
	if te < 0 {
		return false
	}
	lvl, _ := nestLevel(h[ls:le])
	i = min(lend+1, len(h))
	// The context, coloured: "ESC[38;5;3m[Context] ESC[39m".
	if k := skipCSI(h, i); k < len(h) && h[k] == '[' {
		e := k + 1
		for e < len(h) && h[e] != ']' && h[e] != '\n' {
			e++
		}
		if e+1 < len(h) && h[e] == ']' && h[e+1] == ' ' {
			r.logger = span{int32(k + 1), int32(e)}
			i = skipCSI(h, e+2)
		} else if e+1 == len(h) && h[e] == ']' {
			r.logger = span{int32(k + 1), int32(e)}
			i = len(h)
		}
	}
	// The message, in the level's colour: its codes are layout.
	ms := skipCSI(h, i)
	me := trimCSIEnd(h, ms, len(h))
	r.Format, r.Level = FormatNest, lvl
	r.thread = pid
	r.time, r.timeKind = span{int32(ts), int32(te)}, timeNest
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(ms), int32(me)}
	r.rawCont = true // an error's stack, a printed object
	return true
}

// nestTime reads the en-US form of Intl.DateTimeFormat's date and time,
// "12/02/2026, 9:09:29 AM", in loc; other locales' forms do not decode.
func nestTime(b []byte, loc *time.Location) (time.Time, bool) {
	// M/D/YYYY, H:MM:SS AM, each of M, D and H one or two digits.
	var v [6]int
	i := 0
	for n, sep := range [...]byte{'/', '/', ',', ':', ':', ' '} {
		s := i
		for i < len(b) && isDigit(b[i]) && i-s < 4 {
			v[n] = v[n]*10 + int(b[i]-'0')
			i++
		}
		if i == s || i >= len(b) || b[i] != sep {
			return time.Time{}, false
		}
		i++
		if sep == ',' {
			if i >= len(b) || b[i] != ' ' {
				return time.Time{}, false
			}
			i++
		}
	}
	if len(b)-i != 2 || b[i+1] != 'M' || (b[i] != 'A' && b[i] != 'P') {
		return time.Time{}, false
	}
	mo, d, y, hh, mm, ss := v[0], v[1], v[2], v[3], v[4], v[5]
	if mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1000 || hh < 1 || hh > 12 || mm > 59 || ss > 60 {
		return time.Time{}, false
	}
	hh %= 12
	if b[i] == 'P' {
		hh += 12
	}
	return time.Date(y, time.Month(mo), d, hh, mm, ss, 0, loc), true
}

// trimCSIEnd returns end less the colour code that ends b[start:end], if
// one does: NestJS's reset after the message it coloured.
func trimCSIEnd(b []byte, start, end int) int {
	if end-start < 3 || b[end-1] != 'm' {
		return end
	}
	for k := end - 2; k >= start && k >= end-16; k-- {
		if b[k] == 0x1b {
			if skipCSI(b, k) == end {
				return k
			}
			return end
		}
	}
	return end
}
