package parser

import "bytes"

// .NET's console logger (Microsoft.Extensions.Logging.Console), with its
// default formatter, SimpleConsoleFormatter: what an ASP.NET Core or
// generic-host service writes unless told otherwise.
//
//	info: Microsoft.Hosting.Lifetime[14]
//	      Now listening on: http://[::]:8080
//	fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]
//	      An unhandled exception has occurred while executing the request.
//	      System.InvalidOperationException: boom
//	         at Program.<>c.<<Main>$>b__0_0() in /src/Program.cs:line 9
//
// The level is four letters (trce dbug info warn fail crit), then ": ",
// the category (the logger) and the event id in brackets. The message, its
// scopes and its exception follow on lines of their own, each padded with
// six spaces, the width of "info: ". With SingleLine set, the message
// follows the event id after one space, newlines in it replaced by spaces.
// Colours, off when the output is not a terminal (a container's is a
// pipe), are left to parseAfterCSI.
//
// winston's "info: msg" has the same opening: the category and the
// bracketed event id that close the head, or open the single line, tell
// them apart, and .NET's fail, dbug and trce are no winston levels, so
// that without this format a "fail:" record joined the winston-looking
// record before it.

// dotnetLevel maps SimpleConsoleFormatter's level strings.
func dotnetLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "trce", "dbug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "warn":
		return LevelWarning, true
	case "fail":
		return LevelError, true
	case "crit":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// parseDotnet recognises "level: Category[EventId]", alone on its line or
// followed by " message".
func parseDotnet(h []byte, r *Record) bool {
	if len(h) < 9 || h[4] != ':' || h[5] != ' ' {
		return false
	}
	lvl, ok := dotnetLevel(h[:4])
	if !ok {
		return false
	}
	// The category runs to the '[' of the event id: a type name, no
	// spaces.
	cs := 6
	ce := cs
	for ce < len(h) && h[ce] != '[' && h[ce] > ' ' {
		ce++
	}
	if ce == cs || ce >= len(h) || h[ce] != '[' {
		return false
	}
	i := ce + 1
	if i < len(h) && h[i] == '-' {
		i++
	}
	ds := i
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ds || i >= len(h) || h[i] != ']' {
		return false
	}
	i++
	if i < len(h) && h[i] != ' ' {
		return false
	}
	r.Format, r.Level = FormatDotnet, lvl
	r.lvl = span{0, 4}
	r.logger = span{int32(cs), int32(ce)}
	r.fields, r.fieldsKind = span{int32(ce + 1), int32(i - 1)}, fieldsEventID // the id, sign included
	if i < len(h) {
		r.msg = span{int32(i + 1), int32(len(h))} // SingleLine
	}
	// The message, scopes and exception lines after the head.
	r.rawCont = true
	return true
}

// parseDotnetUnhandled recognises what the .NET runtime writes to stderr
// for an exception nothing caught, before the process ends:
//
//	Unhandled exception. System.InvalidOperationException: msg
//	   at Program.<Main>$(String[] args) in /src/Program.cs:line 12
//
// the exception's ToString(), its frames (and any inner exception's) on the
// lines after it. It follows the service's last log record, which it
// joined before, so that a crash read as that record's level.
func parseDotnetUnhandled(h []byte, r *Record) bool {
	const head = "Unhandled exception. "
	if len(h) <= len(head) || string(h[:len(head)]) != head {
		return false
	}
	// The exception's type: a dotted name, then ": msg" or nothing.
	i := len(head)
	for i < len(h) && (isLetter(h[i]) || isDigit(h[i]) || h[i] == '.' || h[i] == '_' || h[i] == '`') {
		i++
	}
	if i == len(head) || !isLetter(h[len(head)]) || bytes.IndexByte(h[len(head):i], '.') < 0 || i < len(h) && h[i] != ':' {
		return false
	}
	r.Format, r.Level = FormatDotnet, LevelCritical
	r.lvl = span{0, int32(len(head) - 2)} // "Unhandled exception"
	r.msg = span{int32(len(head)), int32(len(h))}
	r.rawCont = true
	return true
}

// dotnetPadding is what SimpleConsoleFormatter puts before each line of a
// message: the width of "info: ".
const dotnetPadding = "      "

// dotnetMessage makes the lines after a head without a message its
// message, read without their padding (see kindPadded).
func dotnetMessage(r *Record) {
	if !r.msg.empty() {
		return // SingleLine: what follows is raw text of the message
	}
	r.msg, r.msgKind = r.cont, kindPadded
	r.cont = span{}
}

// appendUnpadded appends v, the lines of a .NET message, each without the
// six spaces of padding it starts with.
func appendUnpadded(dst, v []byte) []byte {
	for first := true; ; first = false {
		line := v
		i := bytes.IndexByte(v, '\n')
		if i >= 0 {
			line, v = v[:i], v[i+1:]
		}
		if !first {
			dst = append(dst, '\n')
		}
		dst = append(dst, bytes.TrimPrefix(line, []byte(dotnetPadding))...)
		if i < 0 {
			return dst
		}
	}
}
