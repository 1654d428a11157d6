package parser

// Fluentd's own log (lib/fluent/log.rb), which it writes to stdout in its
// images, so that its warnings and errors show as info:
//
//	2026-11-30 04:41:36 +0000 [info]: #0 fluentd worker is now running worker=0
//	2026-11-30 04:41:43 +0000 [warn]: #0 [out_es] failed to flush the buffer. retry_times=0 … error_class=Errno::ECONNREFUSED error="…"
//	  2026-11-30 04:41:43 +0000 [warn]: #0 /usr/lib/ruby/gems/3.2.0/gems/…/out_forward.rb:365:in `write'
//
// The time is local with its offset; the level is one of log.rb's words in
// brackets; the worker's "#N " (multi-process workers, and every plugin's
// logger since v1) is the thread id; a plugin's "[@id] " is the logger; under
// -v/-vv the caller, "fluent/log.rb:350:warn: ", comes first. The message's
// key=value pairs are Ruby's inspect of each value, a Time among them
// written with spaces and no quotes, so they stay in the message. A
// backtrace writes every frame as a line of its own, indented two spaces
// with the same prefix: those lines continue the record.

// fluentdLevel maps log.rb's LEVEL_TEXT.
func fluentdLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "trace", "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "warn":
		return LevelWarning, true
	case "error":
		return LevelError, true
	case "fatal":
		return LevelCritical, true
	}
	return LevelUnknown, false
}

// parseFluentd recognises "<date> <time> ±hhmm [level]: ", te being the
// end of the date and time (at the space before the offset).
func parseFluentd(h []byte, te int, r *Record) bool {
	// " ±hhmm [" level "]: "
	if te+9 >= len(h) || h[te] != ' ' || (h[te+1] != '+' && h[te+1] != '-') ||
		!isDigit(h[te+2]) || !isDigit(h[te+3]) || !isDigit(h[te+4]) || !isDigit(h[te+5]) ||
		h[te+6] != ' ' || h[te+7] != '[' {
		return false
	}
	ls := te + 8
	le := ls
	for le < len(h) && le-ls < 5 && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	if le+1 >= len(h) || h[le] != ']' || h[le+1] != ':' || (le+2 < len(h) && h[le+2] != ' ') {
		return false
	}
	lvl, ok := fluentdLevel(h[ls:le])
	if !ok {
		return false
	}
	i := min(le+3, len(h))
	// "#N ": the worker.
	if i+1 < len(h) && h[i] == '#' && isDigit(h[i+1]) {
		k := i + 1
		for k < len(h) && isDigit(h[k]) {
			k++
		}
		if k == len(h) || h[k] == ' ' {
			r.thread = span{int32(i + 1), int32(k)}
			i = min(k+1, len(h))
		}
	}
	// -v's "file.rb:350:method: ".
	if k := fluentdCaller(h, i); k > i {
		r.caller = span{int32(i), int32(k - 1)}
		i = min(k+1, len(h))
	}
	// A plugin's "[@id] ".
	if i < len(h) && h[i] == '[' {
		k := i + 1
		for k < len(h) && h[k] != ']' && h[k] != ' ' {
			k++
		}
		if k > i+1 && k+1 < len(h) && h[k] == ']' && h[k+1] == ' ' {
			r.logger = span{int32(i + 1), int32(k)}
			i = k + 2
		}
	}
	r.Format, r.Level = FormatFluentd, lvl
	r.time, r.timeKind = span{0, int32(te + 6)}, timeSpaceZone
	r.lvl = span{int32(ls), int32(le)}
	r.msg = span{int32(i), int32(len(h))}
	r.rawCont = true // a backtrace's frames, indented
	return true
}

// fluentdCaller returns the end of "path:line:method:" at h[i], the colon
// included, when the word there is one, or i.
func fluentdCaller(h []byte, i int) int {
	k := i
	for k < len(h) && h[k] != ' ' {
		k++
	}
	if k == len(h) || k-i < 5 || h[k-1] != ':' {
		return i
	}
	w := h[i : k-1] // "fluent/log.rb:350:warn"
	c2 := -1
	for j := len(w) - 1; j >= 0; j-- {
		if w[j] == ':' {
			c2 = j
			break
		}
	}
	if c2 <= 0 || c2 == len(w)-1 {
		return i
	}
	c1 := c2 - 1
	for c1 >= 0 && isDigit(w[c1]) {
		c1--
	}
	if c1 <= 0 || c1 == c2-1 || w[c1] != ':' {
		return i
	}
	return k
}
