package parser

import "bytes"

// MongoDB's text log, 4.2 and before (4.4 on writes JSON, which the json
// format reads), which mongod writes to stdout, so that its warnings and
// errors showed as info:
//
//	2019-12-04T11:55:15.381+0000 W NETWORK  [LogicalSessionCacheReap] Unable to reach primary for set replica
//	2019-07-03T15:14:13.887+0100 I  CONTROL  [initandlisten] ** NOTE: This is a development version
//
// the time with its offset, the severity (F E W I, D or D1 to D5; 4.2
// pads it to two columns), the component padded to eight (or "-"), the
// context (a thread or connection) in brackets, then the message; the mongo
// shell's errors carry their JavaScript stack on the lines after. MongoDB
// 3.x still runs inside appliances' images (the Omada and UniFi
// controllers).

// parseMongoDB reads the line after its time (tEnd its end).
func parseMongoDB(h []byte, tEnd int, r *Record) bool {
	i := tEnd + 1
	if i+4 >= len(h) {
		return false
	}
	var lvl Level
	switch h[i] {
	case 'F':
		lvl = LevelCritical
	case 'E':
		lvl = LevelError
	case 'W':
		lvl = LevelWarning
	case 'I':
		lvl = LevelInfo
	case 'D':
		lvl = LevelDebug
	default:
		return false
	}
	ls, j := i, i+1
	if h[i] == 'D' && isDigit(h[j]) {
		j++
	}
	if j >= len(h) || h[j] != ' ' {
		return false
	}
	le := j
	for j < len(h) && h[j] == ' ' && j-le < 2 {
		j++
	}
	cs := j
	for j < len(h) && (isUpper(h[j]) || isDigit(h[j]) || h[j] == '_' || h[j] == '-') {
		j++
	}
	ce := j
	if ce == cs || j >= len(h) || h[j] != ' ' {
		return false
	}
	for j < len(h) && h[j] == ' ' {
		j++
	}
	if j >= len(h) || h[j] != '[' {
		return false
	}
	k := bytes.IndexByte(h[j:], ']')
	if k < 2 {
		return false
	}
	te := j + k
	ms := te + 1
	if ms < len(h) {
		if h[ms] != ' ' {
			return false
		}
		ms++
	}
	r.Format, r.Level = FormatMongoDB, lvl
	r.time, r.timeKind = span{0, int32(tEnd)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	if !(ce-cs == 1 && h[cs] == '-') {
		r.logger = span{int32(cs), int32(ce)}
	}
	r.thread = span{int32(j + 1), int32(te)}
	r.msg = span{int32(ms), int32(len(h))}
	// The mongo shell writes the same layout, an error's JavaScript stack
	// on the lines after it.
	r.rawCont = true
	return true
}
