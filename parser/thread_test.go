package parser

import (
	"strconv"
	"testing"
)

// ThreadID and ThreadName test for no thread in line and read it by a
// call; they answer as they did when they read it in place.
func TestThreadIDAndName(t *testing.T) {
	for _, c := range []struct {
		thread string
		id     int
		idOK   bool
		name   string
	}{
		{"", 0, false, ""},
		{"13468", 13468, true, ""},
		{"-1", -1, true, ""},
		{"main", 0, false, "main"},
		{"<0.200.3>", 0, false, "<0.200.3>"},
		{"12a", 0, false, "12a"},
	} {
		text := []byte("x " + c.thread)
		r := Record{text: text}
		r.thread = span{2, int32(len(text))}
		id, ok := r.ThreadID()
		wantID, wantOK := c.id, c.idOK
		if c.thread != "" {
			wantID, wantOK = atoiSigned([]byte(c.thread))
		}
		if id != wantID || ok != wantOK || ok != c.idOK || (ok && id != c.id) {
			t.Errorf("ThreadID of %q = %d %v, want %d %v", c.thread, id, ok, c.id, c.idOK)
		}
		if got := string(r.ThreadName()); got != c.name {
			t.Errorf("ThreadName of %q = %q, want %q", c.thread, got, c.name)
		}
		if (r.ThreadName() == nil) != (c.name == "") {
			t.Errorf("ThreadName of %q: nil is %v", c.thread, r.ThreadName() == nil)
		}
	}
}

// checkThreadIDText holds ThreadIDText to ThreadID: the id's text as
// strconv.Itoa writes it, whenever the thread is written so.
func checkThreadIDText(t *testing.T, thread string) {
	t.Helper()
	text := []byte("x " + thread)
	r := Record{text: text}
	r.thread = span{2, int32(len(text))}
	id, ok := r.ThreadID()
	got := r.ThreadIDText()
	if canonical := ok && strconv.Itoa(id) == thread; canonical != (got != nil) || got != nil && string(got) != thread {
		t.Errorf("ThreadIDText of %q = %q, ThreadID %d %v", thread, got, id, ok)
	}
}

func TestThreadIDText(t *testing.T) {
	for _, s := range []string{"", "0", "-0", "+0", "00", "07", "7", "-7", "+7", "13468", "-1",
		"123456789", "-123456789", "1234567890", "-", "+", "1-", "main", "12a", "1 2"} {
		checkThreadIDText(t, s)
	}
}

func FuzzThreadIDText(f *testing.F) {
	f.Add("13468")
	f.Add("-0")
	f.Fuzz(func(t *testing.T, thread string) {
		checkThreadIDText(t, thread)
	})
}
