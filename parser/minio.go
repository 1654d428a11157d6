package parser

import (
	"bytes"
	"time"
)

// MinIO's console error report (its console logger target), which it
// prints to stdout, so that its errors showed as info, one line at a time:
//
//	API: SYSTEM()
//	Time: 23:10:27 UTC 06/17/2024
//	DeploymentID: 3c0f693c-5343-4a42-9977-58b56fabe035
//	Error: unable to rename (/export/.minio.sys/tmp -> …) file access denied (*fmt.wrapError)
//	       6: internal/logger/logger.go:258:logger.LogIf()
//	       5: cmd/prepare-storage.go:88:cmd.bgFormatErasureCleanupTmp()
//
// A blank line comes before each report. The first line names the API
// (an S3 call, or SYSTEM with a subsystem: "SYSTEM.iam"), its bucket and
// object in parentheses, or is "INTERNAL"; then "Key: value" lines (Time,
// DeploymentID, RequestID, RemoteHost, Host, UserAgent), the error, its
// tags on an indented line and its trace, numbered. Every report is an
// error. The lines of a report have a grammar (MinIOReportLine): the
// joiner ends the report at the first line outside it, MinIO's next plain
// message ("Status: 4 Online, 0 Offline.").

// parseMinIO recognises a report's first line.
func parseMinIO(h []byte, r *Record) bool {
	if string(h) != "INTERNAL" {
		if len(h) < 6 || string(h[:5]) != "API: " || !isLetter(h[5]) {
			return false
		}
		i := 6
		for i < len(h) && (isLetter(h[i]) || isDigit(h[i]) || h[i] == '.' || h[i] == '_') {
			i++
		}
		// The name alone, or its arguments in parentheses to the end:
		// MinIO's banner, "API: http://10.42.0.5:9000  http://…", is no
		// report.
		if i < len(h) && (h[i] != '(' || h[len(h)-1] != ')') {
			return false
		}
	}
	r.Format, r.Level = FormatMinIO, LevelError
	r.msg = span{0, int32(len(h))}
	r.rawCont = true
	return true
}

// minioKeys are the "Key: " lines of a report between its first line and
// the error.
var minioKeys = [...]string{"Time: ", "DeploymentID: ", "RequestID: ", "RemoteHost: ", "Host: ", "UserAgent: "}

// MinIOReportLine reports whether line (without its line ending) belongs
// to a MinIO error report after its first line: one of its "Key: value"
// lines, the error, or an indented line (the error's tags, its trace).
func MinIOReportLine(line []byte) bool {
	if len(line) >= 3 && line[0] == ' ' && line[1] == ' ' && line[2] == ' ' {
		return true
	}
	if bytes.HasPrefix(line, []byte("Error: ")) {
		return true
	}
	for _, k := range minioKeys {
		if bytes.HasPrefix(line, []byte(k)) {
			return true
		}
	}
	return false
}

// minioReport completes a report of several lines: the error's text is
// the message, the lines after it (tags, trace) its continuation, the
// Time line the timestamp, and the lines from the first to the error the
// fields (see eachMinIOField).
func minioReport(r *Record) {
	text := r.text
	i := int(r.cont.start)
	end := int(r.cont.end)
	for i < end {
		e := i + bytes.IndexByte(text[i:end], '\n')
		if e < i {
			e = end
		}
		line := text[i:e]
		if bytes.HasPrefix(line, []byte("Time: ")) {
			if v := line[6:]; minioTimeOK(v) {
				r.time, r.timeKind = span{int32(i + 6), int32(e)}, timeMinIO
			}
		}
		if bytes.HasPrefix(line, []byte("Error: ")) {
			r.msg = span{int32(i + 7), int32(e)}
			r.fields, r.fieldsKind = span{0, int32(i - 1)}, fieldsMinIO
			if e < end {
				r.cont = span{int32(e + 1), int32(end)}
			} else {
				r.cont = span{}
			}
			return
		}
		i = e + 1
	}
}

// eachMinIOField reports a report's "Key: value" lines, its first line's
// API among them ("INTERNAL" has none); the Time line only when it does
// not decode (otherwise it is the timestamp).
func eachMinIOField(b []byte, fn func(Field) bool) {
	for len(b) > 0 {
		line := b
		if k := bytes.IndexByte(b, '\n'); k >= 0 {
			line, b = b[:k], b[k+1:]
		} else {
			b = nil
		}
		k := bytes.Index(line, []byte(": "))
		if k <= 0 {
			continue
		}
		key, v := line[:k], line[k+2:]
		if string(key) == "Time" && minioTimeOK(v) {
			continue
		}
		if !fn(Field{key: key, value: v}) {
			return
		}
	}
}

// minioTimeOK reports whether v is MinIO's "15:04:05 MST 01/02/2006".
func minioTimeOK(v []byte) bool {
	_, ok := minioTime(v, time.UTC)
	return ok
}

// minioTime decodes MinIO's "15:04:05 MST 01/02/2006": in UTC (or GMT, or
// an offset) as written; another zone's abbreviation is read in loc, the
// zone it most likely names.
func minioTime(b []byte, loc *time.Location) (time.Time, bool) {
	sp := bytes.LastIndexByte(b, ' ')
	if len(b) < 21 || b[2] != ':' || b[5] != ':' || b[8] != ' ' || sp < 10 || len(b)-sp != 11 {
		return time.Time{}, false
	}
	d := b[sp+1:]
	if d[2] != '/' || d[5] != '/' {
		return time.Time{}, false
	}
	for _, c := range [...]byte{b[0], b[1], b[3], b[4], b[6], b[7], d[0], d[1], d[3], d[4], d[6], d[7], d[8], d[9]} {
		if !isDigit(c) {
			return time.Time{}, false
		}
	}
	mo, dd, hh, mi, ss := num(d[0:2]), num(d[3:5]), num(b[0:2]), num(b[3:5]), num(b[6:8])
	if mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 60 {
		return time.Time{}, false
	}
	if off, ok := zoneOffset(b[9:sp]); ok {
		t := time.Date(num(d[6:10]), time.Month(mo), dd, hh, mi, ss, 0, time.UTC)
		return t.Add(-time.Duration(off) * time.Second), true
	}
	return time.Date(num(d[6:10]), time.Month(mo), dd, hh, mi, ss, 0, loc), true
}
