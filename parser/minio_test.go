package parser

import (
	"testing"
	"time"
)

func TestMinIOTime(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip(err)
	}
	for _, c := range []struct {
		in   string
		loc  *time.Location
		want string // RFC 3339 in UTC, "" for no time
	}{
		{"23:10:27 UTC 06/17/2024", berlin, "2024-06-17T23:10:27Z"},
		{"23:10:27 GMT 06/17/2024", berlin, "2024-06-17T23:10:27Z"},
		// Another zone's abbreviation names the reference's zone.
		{"23:10:27 CEST 06/17/2024", berlin, "2024-06-17T21:10:27Z"},
		{"23:10:27 UTC 13/17/2024", berlin, ""},
		{"24:10:27 UTC 06/17/2024", berlin, ""},
		{"23:10:27 UTC 06-17-2024", berlin, ""},
		{"23:10:27 06/17/2024", berlin, ""},
	} {
		got, ok := minioTime([]byte(c.in), c.loc)
		if s := got.UTC().Format(time.RFC3339); ok != (c.want != "") || ok && s != c.want {
			t.Errorf("minioTime(%q) = %s, %v; want %q", c.in, s, ok, c.want)
		}
	}
}

// TestMinIOReportFields: a report's keys are its fields, the Time line its
// timestamp, the error its message and the trace the message's further
// lines.
func TestMinIOReportFields(t *testing.T) {
	text := "API: PutObject(bucket=photos)\nTime: 23:10:27 UTC 06/17/2024\nRequestID: 17F3\nUserAgent: MinIO (linux; amd64) minio-go/v7.0.63\nError: disk full\n       1: cmd/erasure.go:12:cmd.put()"
	var r Record
	if !Parse([]byte(text), &r) || r.Format != FormatMinIO || r.Level != LevelError {
		t.Fatalf("not a MinIO report: %v %v", r.Format, r.Level)
	}
	if got := string(r.AppendMessage(nil)); got != "disk full\n       1: cmd/erasure.go:12:cmd.put()" {
		t.Errorf("message %q", got)
	}
	if ts, ok := r.Timestamp(time.Now()); !ok || !ts.Equal(time.Date(2024, 6, 17, 23, 10, 27, 0, time.UTC)) {
		t.Errorf("timestamp %v %v", ts, ok)
	}
	var got []string
	r.EachField(func(f Field) bool {
		got = append(got, string(f.AppendKey(nil))+"="+string(f.AppendValue(nil)))
		return true
	})
	want := []string{"API=PutObject(bucket=photos)", "RequestID=17F3", "UserAgent=MinIO (linux; amd64) minio-go/v7.0.63"}
	if len(got) != len(want) {
		t.Fatalf("fields %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d %q, want %q", i, got[i], want[i])
		}
	}
}
