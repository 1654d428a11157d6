package parser

import "bytes"

// GitLab Runner's log (gitlab.com/gitlab-org/gitlab-runner/log's
// RunnerTextFormatter, its default --log-format runner, through logrus),
// which `gitlab-runner run` writes to stderr, so that every line showed as
// an error:
//
//	Checking for jobs... received                     ESC[0;m  jobESC[0;m=14796 runnerESC[0;m=d87fcd19
//	ESC[0;33mWARNING: Job failed: exit code 1                  ESC[0;m  ESC[0;33mjobESC[0;m=14796
//
// A warning, an error, a fatal error and a panic open with their prefix
// ("WARNING: ", "ERROR: ", "FATAL: ", "PANIC: ") in their colour; an info
// line has no prefix and no colour, and a debug line no prefix in bold
// white. The prefix and the message are padded to fifty columns, then the
// reset and the fields (" key=value", %v, sorted), each key in the level's
// colour. The formatter always writes the colours, terminal or not, and
// they are what tells its lines: without them (logs pasted from a
// terminal) an info line is plain text, and a warning's "WARNING: msg" is
// java.util.logging's second line too, so such lines are not claimed. A
// message of several lines continues raw, its last line ending with the
// reset and the fields.

const runnerReset = "\x1b[0;m"

// runnerPrefix reads the level prefix at h[i].
func runnerPrefix(h []byte, i int) (Level, int, bool) {
	b := h[i:]
	switch {
	case bytes.HasPrefix(b, []byte("WARNING: ")):
		return LevelWarning, i + 9, true
	case bytes.HasPrefix(b, []byte("ERROR: ")):
		return LevelError, i + 7, true
	case bytes.HasPrefix(b, []byte("FATAL: ")):
		return LevelCritical, i + 7, true
	case bytes.HasPrefix(b, []byte("PANIC: ")):
		return LevelCritical, i + 7, true
	}
	return LevelUnknown, i, false
}

// parseGitLabRunner recognises a line that opens with the runner's
// colour: a level prefix, or debug's bold white.
func parseGitLabRunner(h []byte, r *Record) bool {
	if len(h) < 8 || h[0] != 0x1b {
		return false
	}
	switch string(h[:7]) {
	case "\x1b[0;33m", "\x1b[31;1m", "\x1b[37;1m":
	default:
		return false
	}
	lvl, ms, ok := runnerPrefix(h, 7)
	if !ok {
		// Only debug has a colour and no prefix; its line must end the
		// message with the reset (a debug message of several lines is
		// not told from another writer's bold line).
		if h[2] != '3' || h[3] != '7' {
			return false
		}
		lvl = LevelDebug
	}
	if ms >= len(h) || h[ms] == ' ' {
		return false
	}
	if ok {
		r.lvl = span{7, int32(ms - 2)}
	}
	return runnerMessage(h, ms, lvl, !ok, r)
}

// parseGitLabRunnerInfo recognises an info line, which opens with its
// message: its first escape is the reset after the padding. It runs after
// the other formats failed, so it clears what they left in r first.
//
// Its callers try it on every line that no other format took: the test
// that rejects most of them is inlined there, and only a long line pays
// for the call (gitLabRunnerInfo).
func parseGitLabRunnerInfo(h []byte, r *Record) bool {
	return len(h) >= 51 && h[0] != ' ' && gitLabRunnerInfo(h, r)
}

// gitLabRunnerInfo is parseGitLabRunnerInfo past its first test.
func gitLabRunnerInfo(h []byte, r *Record) bool {
	k := bytes.IndexByte(h, 0x1b)
	if k < 50 || !bytes.HasPrefix(h[k:], []byte(runnerReset+" ")) {
		return false
	}
	r.clear()
	return runnerMessage(h, 0, LevelInfo, true, r)
}

// runnerMessage reads the message at h[ms] and the fields after it;
// needEnd (no level prefix) requires the reset that ends the message.
func runnerMessage(h []byte, ms int, lvl Level, needEnd bool, r *Record) bool {
	me, fs := len(h), -1
	if k := bytes.Index(h[ms:], []byte(runnerReset)); k >= 0 {
		me, fs = ms+k, ms+k+len(runnerReset)
	} else if needEnd {
		return false
	}
	for me > ms && h[me-1] == ' ' {
		me--
	}
	r.Format, r.Level = FormatGitLabRunner, lvl
	r.msg = span{int32(ms), int32(me)}
	if fs >= 0 {
		for fs < len(h) && h[fs] == ' ' {
			fs++
		}
		if fs < len(h) {
			r.fields, r.fieldsKind = span{int32(fs), int32(len(h))}, fieldsRunner
		}
	}
	r.rawCont = true
	return true
}

// runnerLastLine is finishContinuation for a message of several lines:
// the reset on its last line ends it.
func runnerLastLine(r *Record) {
	last := int(r.cont.start)
	if k := bytes.LastIndexByte(r.text[last:r.cont.end], '\n'); k >= 0 {
		last += k + 1
	}
	line := r.text[last:r.cont.end]
	me := bytes.Index(line, []byte(runnerReset))
	if me < 0 {
		return
	}
	fs := me + len(runnerReset)
	for fs < len(line) && line[fs] == ' ' {
		fs++
	}
	if fs < len(line) {
		r.fields, r.fieldsKind = span{int32(last + fs), r.cont.end}, fieldsRunner
	}
	r.cont.end = int32(trimRightSpace(r.text, int(r.cont.start), last+me))
}

// eachRunnerField splits the runner's " key=value" pairs: each key behind
// the level's colour (none for info) and before the reset. A
// value, written with %v, may hold spaces: it runs to the space before the
// next key.
func eachRunnerField(b []byte, fn func(Field) bool) {
	for len(b) > 0 {
		b = bytes.TrimLeft(b, " ")
		if s := skipCSI(b, 0); s > 0 {
			b = b[s:]
		}
		ke, vs := runnerKeyEnd(b)
		if ke <= 0 {
			rest(b, fn)
			return
		}
		key := b[:ke]
		b = b[vs:]
		// The value ends at the space before the next key.
		end := len(b)
		for i := 0; i < len(b); i++ {
			if b[i] != ' ' {
				continue
			}
			j := i + 1
			if s := skipCSI(b, j); s > j {
				j = s
			}
			if ke, _ := runnerKeyEnd(b[j:]); ke > 0 {
				end = i
				break
			}
		}
		if !fn(Field{key: key, value: b[:end]}) {
			return
		}
		b = b[end:]
	}
}

// runnerKeyEnd reads a key at b[0]: a word ended by the reset and '='.
// It returns the key's end and where its value starts, or 0. A word and
// '=' without the reset are a value's text ("err=read a=b" is one value).
func runnerKeyEnd(b []byte) (keyEnd, valueStart int) {
	i := 0
	for i < len(b) && (isLetter(b[i]) || isDigit(b[i]) || b[i] == '_' || b[i] == '.' || b[i] == '-') {
		i++
	}
	if i == 0 || i >= len(b) {
		return 0, 0
	}
	if bytes.HasPrefix(b[i:], []byte(runnerReset+"=")) {
		return i, i + len(runnerReset) + 1
	}
	return 0, 0
}
