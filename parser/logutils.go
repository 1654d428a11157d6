package parser

// logutils: package log's "2006/01/02 15:04:05" (any of its flags), then
// "[LEVEL] " opening the message: "2019/03/03 02:15:03 [WARN] agent: msg".
// github.com/hashicorp/logutils filters on that bracketed word, and serf,
// memberlist, Consul, Nomad and Vault wrote it before they moved to hclog.
// It is a format of its own, not bracket: its record opens with package
// log's time, which bracket lines never carry, and the Datadog rule differs
// in the same way.

// parseLogutilsLevel finishes parseStdlog for a line whose message opens
// with '[' at h[i]; tEnd ends the time, caller is the Lshortfile location.
// A bracketed word that is no level ("[GIN-debug]", "[::1]:80") leaves the
// line a plain package-log record: it starts a record, with no level.
func parseLogutilsLevel(h []byte, tEnd int, caller span, i int, r *Record) bool {
	ls := i + 1
	le := ls
	for le < len(h) && le < ls+10 && h[le] >= 'A' && h[le] <= 'Z' {
		le++
	}
	if le == ls || le >= len(h) || h[le] != ']' || le+1 < len(h) && h[le+1] != ' ' {
		return true
	}
	lvl, ok := wordLevel(h[ls:le])
	if !ok {
		return true
	}
	i = le + 1
	for i < len(h) && h[i] == ' ' {
		i++
	}
	r.Format, r.Level = FormatLogutils, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.time, r.timeKind = span{0, int32(tEnd)}, timeStdlog
	r.caller = caller
	r.msg = span{int32(i), int32(len(h))}
	// package log writes a message raw: a multi-line one (go-multierror's
	// "2 errors occurred:" list) continues on lines of its own.
	r.rawCont = true
	return true
}
