package parser

// Weave Net's log layout: the text formatter of weave's common package
// over logrus,
//
//	INFO: 2016/04/06 20:53:30.071220 ->[10.8.210.220:6783] connection accepted
//	WARN: 2019/03/06 03:09:00.663144 msg<padded to 44>  k=v
//
// the first four letters of logrus's level in capitals (PANI FATA ERRO
// WARN INFO DEBU TRAC), a colon, package log's date and time to the
// microsecond, the message raw, and the fields (%v, unquoted) after it.

// parseWeave recognises a Weave Net line.
func parseWeave(h []byte, r *Record) bool {
	if len(h) < 33 || h[4] != ':' || h[5] != ' ' || h[10] != '/' {
		return false
	}
	if !isUpper(h[0]) || !isUpper(h[1]) || !isUpper(h[2]) || !isUpper(h[3]) {
		return false
	}
	lvl, ok := logrusLevel(h[:4])
	if !ok {
		return false
	}
	b := h[6:]
	if b[4] != '/' || b[7] != '/' || b[10] != ' ' || b[13] != ':' || b[16] != ':' {
		return false
	}
	for _, k := range [...]int{0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18} {
		if !isDigit(b[k]) {
			return false
		}
	}
	i := 6 + 19
	if h[i] == '.' {
		i++
		for i < len(h) && isDigit(h[i]) {
			i++
		}
	}
	te := i
	if i < len(h) {
		if h[i] != ' ' {
			return false
		}
		i++
	}
	r.Format, r.Level = FormatWeave, lvl
	r.lvl = span{0, 4}
	r.time, r.timeKind = span{6, int32(te)}, timeStdlog
	r.rawCont = true
	end := trailingPairs(h, i)
	if end < len(h) {
		r.fields = span{int32(end), int32(len(h))}
		r.fieldsKind = fieldsLogfmtRest
	}
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	return true
}
