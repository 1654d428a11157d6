package container

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCRI decodes arbitrary input as CRI (and as Auto) and checks the
// invariants: no panic, no error, offsets monotonic, no line over the bound,
// never more bytes out than in, the same lines whatever the bound, and no
// loss when restarting from any checkpoint.
func FuzzCRI(f *testing.F) {
	const ts = "2026-11-30T04:43:36.151101194Z"
	f.Add([]byte(readTestdata(f, containerdSample)), uint16(16384))
	f.Add([]byte(readTestdata(f, containerdIST)), uint16(7))
	f.Add([]byte(cri(ts, "stdout", "P", "a")+cri(ts, "stderr", "P", "b\r")+cri(ts, "stderr", "F", "")+
		cri(ts, "stdout", "F:x", "c\r")+"garbage\n"+ts+" stdout F"), uint16(2))
	f.Add([]byte(cri("2026-11-30T04:43:36.100000000+00:00", "stdout", "P", strings.Repeat("z", 100))+
		cri("2026-11-30T04:43:36.100000000+00:00", "stdout", "F", "\x1b\t\xff\r")), uint16(33))
	f.Add([]byte("\n\r\n x stdout P \n"), uint16(1))
	f.Fuzz(func(t *testing.T, input []byte, bound uint16) {
		fuzzInvariants(t, CRI, input, int(bound)+1)
		fuzzInvariants(t, Auto, input, int(bound)+1)
	})
}

// FuzzDocker does the same for Docker json-file input, and checks each
// record encoding/json reads as a json-file record against the decoder.
func FuzzDocker(f *testing.F) {
	f.Add([]byte(readTestdata(f, dockerSample)), uint16(16384))
	f.Add([]byte(readTestdata(f, dockerSample)), uint16(100))
	f.Add([]byte(`{"log":"a","stream":"stdout","time":"2026-11-30T04:43:56Z"}`+"\n"+
		`{"log":"\ud83d\ude00\u001b\r\n","stream":"stderr","attrs":{"x":[1,{"y":"}"}]}}`+"\n"+
		`{"log":"b\n","stream":"stdout"`+"\n"+`{"log":"\q"}`), uint16(3))
	f.Add([]byte(` {"stream":"stderr","log":"\ud800\n"} `+"\n"+`{"log":"x\n","log":"y","stream":"stdout"}`), uint16(1))
	f.Fuzz(func(t *testing.T, input []byte, bound uint16) {
		fuzzInvariants(t, Docker, input, int(bound)+1)
		fuzzInvariants(t, Auto, input, int(bound)+1)
		for _, r := range split(input) {
			checkDockerRecord(t, r)
		}
	})
}

// FuzzKubectl does the same for `kubectl logs --timestamps` output.
func FuzzKubectl(f *testing.F) {
	f.Add([]byte("2026-11-30T04:43:36.151101194Z I1130 04:43:36.151101       1 main.go:23] hello\n"+
		"2026-11-30T04:43:36Z\n2026-11-30T04:43:36+01:00 \tat frame\r\nno time here\n2026-13-30T04:43:36Z x"), uint16(8))
	f.Add([]byte(" \n2026-11-30T04:43:36.1Z \xff\n2026-11-30T04:43:36Z"), uint16(1))
	f.Fuzz(func(t *testing.T, input []byte, bound uint16) {
		fuzzInvariants(t, Kubectl, input, int(bound)+1)
	})
}

func fuzzInvariants(t *testing.T, f Format, input []byte, bound int) {
	// Keep an execution fast: a tiny bound on a big input makes an Entry per
	// byte, and the fuzzer then spends its time minimizing.
	bound = max(bound, len(input)>>10)
	small := decode(t, NewDecoder(f, MaxLineBytes(bound)), input)
	big := decode(t, NewDecoder(f), input)
	checkOffsets(t, small, int64(len(input)))
	checkOffsets(t, big, int64(len(input)))
	out := 0
	for _, e := range small {
		if len(e.Line) > bound {
			t.Fatalf("Line of %d bytes over the bound %d", len(e.Line), bound)
		}
		out += len(e.Line)
	}
	if out > len(input) {
		t.Fatalf("%d bytes out of %d in", out, len(input))
	}
	if a, b := joined(small), joined(big); a != b {
		t.Fatalf("lines depend on the bound:\n%d: %q\nbig: %q", bound, a, b)
	}
	if f != Auto && len(big) <= 40 && len(input) <= 8<<10 {
		checkResume(t, f, input, big)
	}
}

// joined renders the lines of each stream, and of the Malformed records
// apart, with Partial pieces joined to what follows.
func joined(es []got) string {
	var cur [3]strings.Builder
	var out [3]strings.Builder
	for _, e := range es {
		s := e.Stream & 1
		if e.Malformed {
			s = 2
		}
		cur[s].WriteString(e.Line)
		if !e.Partial {
			out[s].WriteString(cur[s].String() + "\x00")
			cur[s].Reset()
		}
	}
	var all strings.Builder
	for i := range out {
		all.WriteString(out[i].String() + "|" + cur[i].String() + "\n")
	}
	return all.String()
}

// checkDockerRecord checks that a valid UTF-8 record that encoding/json
// reads as a json-file record is read the same by the decoder.
func checkDockerRecord(t *testing.T, record []byte) {
	body := bytes.TrimSuffix(record, []byte("\n"))
	if !utf8.Valid(body) {
		return // encoding/json would replace invalid UTF-8; the decoder keeps it
	}
	var m map[string]any
	jsonOK := json.Unmarshal(body, &m) == nil
	var log, stream string
	if jsonOK {
		l, ok1 := m["log"].(string)
		s, ok2 := m["stream"].(string)
		jsonOK = ok1 && ok2 && (s == "stdout" || s == "stderr")
		log, stream = l, s
	}
	r, ok := parseDocker(body)
	var text []byte
	if ok {
		text, ok = unescape(nil, r.log)
	}
	// The decoder may accept more (it does not validate the values it skips),
	// never less.
	if jsonOK && !ok {
		t.Fatalf("%q: decoder refused what encoding/json reads", body)
	}
	if jsonOK && (string(text) != log || r.stream.String() != stream) {
		t.Fatalf("%q: decoder %q on %s, encoding/json %q on %s", body, text, r.stream, log, stream)
	}
}
