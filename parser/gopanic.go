package parser

import "bytes"

// A Go runtime panic or fatal error: "panic: msg" or "fatal error: msg", the
// message (raw, so possibly over several lines, with "[recovered]" and
// "\tpanic: …" lines for re-panics), then the goroutine dump. The dump has a
// grammar of its own, which ends the record where it stops: see
// GoroutineDumpLine.
func parseGoPanic(h []byte, r *Record) bool {
	if !hasPrefix(h, "panic: ") && !hasPrefix(h, "fatal error: ") {
		return false
	}
	r.Format, r.Level = FormatGoPanic, LevelCritical
	r.msg = span{0, int32(len(h))}
	r.rawCont = true
	return true
}

// GoroutineHeader reports whether line (without its line ending, a final CR
// allowed) opens a
// goroutine's stack in a Go dump: "goroutine 1 [running]:", or with Go 1.23's
// GOTRACEBACK=system details "goroutine 1 gp=0xc000002380 m=0 mp=… [running]:".
// From the first such line on, a panic record holds only lines that
// GoroutineDumpLine accepts.
func GoroutineHeader(line []byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	const p = "goroutine "
	if len(line) < len(p)+2 || string(line[:len(p)]) != p || !isDigit(line[len(p)]) {
		return false
	}
	i := len(p)
	for i < len(line) && isDigit(line[i]) {
		i++
	}
	return i < len(line) && line[i] == ' ' && line[len(line)-1] == ':'
}

// GoroutineDumpLine reports whether line (without its line ending, a final
// CR allowed) fits the grammar of the goroutine dump that ends a Go panic or
// fatal error, as the runtime's traceback writes it:
//
//	goroutine 1 [running]:            GoroutineHeader
//	main.(*T).Run(0xc000010000, …)    a function, then its arguments
//	\t/src/main.go:12 +0x1d           the file line of the frame above
//	created by main.main in goroutine 1
//	...additional frames elided...
//	[signal SIGSEGV: segmentation violation code=… addr=0x0 pc=…]
//	[originating from goroutine 5]:
//	runtime stack:
//	rax    0x0                        registers (GOTRACEBACK=crash)
//	exit status 2                     "go run" reporting the exit
//
// and blank lines between goroutines. A line that fits none of it after the
// first goroutine header is another writer's (a supervisor's restart
// message, the next process's first line) and starts a record of its own.
func GoroutineDumpLine(line []byte) bool {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) == 0 {
		return true
	}
	// Each fixed form is looked for only under its first byte: most lines
	// of a dump are frames, which reach isFrameFunc after one jump.
	switch line[0] {
	case '\t':
		return true
	case ' ':
		return false
	case '[':
		return hasPrefix(line, "[signal ") || hasPrefix(line, "[originating from goroutine ")
	case '.':
		return string(line) == "...additional frames elided..."
	case 'g':
		if GoroutineHeader(line) {
			return true
		}
	case 'c':
		if hasPrefix(line, "created by ") {
			return true
		}
	case 'e':
		if hasPrefix(line, "exit status ") {
			return true
		}
	case 'r':
		if string(line) == "runtime stack:" {
			return true
		}
	case 'P':
		if hasPrefix(line, "PC=") {
			return true
		}
	case 's':
		if hasPrefix(line, "signal arrived during ") {
			return true
		}
	}
	return isFrameFunc(line) || isRegister(line)
}

// isFrameFunc reports whether line is a traceback's function line: a
// package-qualified name without spaces ("main.(*T).Run", "sync.(*Mutex).Lock",
// "main.F[...]", or the builtin "panic"), then its arguments in parentheses
// to the end of the line ("(0xc000010000, {0x5eb6a0?, 0x1})", "(...)", "()").
func isFrameFunc(line []byte) bool {
	if line[len(line)-1] != ')' {
		return false // before the search for '(', which costs more
	}
	p := bytes.IndexByte(line, '(')
	if p <= 0 {
		return false
	}
	name := line[:p]
	// A method's receiver opens with '(' too ("main.(*T).Run("): the name
	// then runs up to the '.' before it.
	for p > 0 && line[p-1] == '.' {
		q := bytes.IndexByte(line[p+1:], '(')
		if q < 0 {
			return false
		}
		p += 1 + q
		name = line[:p]
	}
	if bytes.IndexByte(name, ' ') >= 0 {
		return false
	}
	return bytes.IndexByte(name, '.') > 0 || string(name) == "panic"
}

// isRegister reports whether line is a register of a GOTRACEBACK=crash
// dump: a short lower-case name, spaces, a hexadecimal value ("rax    0x0",
// "rflags 0x10246", "r10    0x7ffd").
func isRegister(line []byte) bool {
	i := 0
	for i < len(line) && i < 7 && (line[i] >= 'a' && line[i] <= 'z' || isDigit(line[i])) {
		i++
	}
	if i == 0 || i >= len(line) || line[i] != ' ' {
		return false
	}
	for i < len(line) && line[i] == ' ' {
		i++
	}
	if !hasPrefix(line[i:], "0x") || i+2 >= len(line) {
		return false
	}
	for _, c := range line[i+2:] {
		if !isDigit(c) && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
