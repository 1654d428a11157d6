package fakedatadog

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/DataDog/datadog-api-client-go/v2/api/datadog"
	"github.com/DataDog/datadog-api-client-go/v2/api/datadogV2"
)

const testKey = "0123456789abcdef0123456789abcdef"

// client returns the official v2 Logs API pointed at s, with the key in ctx.
func client(s *Intake, key string) (*datadogV2.LogsApi, context.Context, *datadog.Configuration) {
	cfg := datadog.NewConfiguration()
	ctx := context.WithValue(context.Background(), datadog.ContextServerIndex, 1)
	ctx = context.WithValue(ctx, datadog.ContextServerVariables, map[string]string{"protocol": "http", "name": s.Host()})
	if key != "" {
		ctx = context.WithValue(ctx, datadog.ContextAPIKeys, map[string]datadog.APIKey{"apiKeyAuth": {Key: key}})
	}
	return datadogV2.NewLogsApi(datadog.NewAPIClient(cfg)), ctx, cfg
}

func logItem(msg string) datadogV2.HTTPLogItem {
	it := datadogV2.NewHTTPLogItem(msg)
	it.SetDdsource("relevel")
	it.SetService("checkout")
	it.SetHostname("node-1")
	it.SetDdtags("env:test,team:logs")
	it.AdditionalProperties = map[string]any{"status": "error", "http": map[string]any{"status_code": 502}}
	return *it
}

// post sends body (already encoded) with the given headers.
func post(t *testing.T, s *Intake, body []byte, header map[string]string) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL()+LogsPath, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderAPIKey, testKey)
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func gz(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	return buf.Bytes()
}

func zl(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

func rawDeflate(t testing.TB, b []byte) []byte {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.DefaultCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

// logs builds a JSON array of n logs whose messages are pad bytes long.
func logs(n, pad int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	msg := strings.Repeat("x", pad)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"message":%q,"service":"svc"}`, msg)
	}
	b.WriteByte(']')
	return b.Bytes()
}

func wantViolation(t *testing.T, s *Intake, status int, substr string) {
	t.Helper()
	vs := s.TakeViolations()
	for _, v := range vs {
		if v.Status == status && strings.Contains(v.Message, substr) {
			return
		}
	}
	t.Errorf("no %d violation containing %q; got %v", status, substr, vs)
}

func TestSpecLoad(t *testing.T) {
	p, err := V2SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	d, err := loadV2Spec(p)
	if err != nil {
		t.Fatal(err)
	}
	again := time.Now()
	if d2, _ := loadV2Spec(p); d2 != d {
		t.Error("loadV2Spec did not cache")
	}
	sp, err := d.op(OperationID)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: loaded in %v (sliced=%v), cached lookup %v", p, d.loadTime, sp.sliced, time.Since(again))
	if !sp.sliced {
		t.Error("the v2 document was not sliced; the full-parse fallback is slow")
	}
	// What the fake enforces comes from the document.
	if got := sp.item.Required; len(got) != 1 || got[0] != "message" {
		t.Errorf("HTTPLogItem required = %v", got)
	}
	for _, k := range []string{"message", "ddsource", "ddtags", "hostname", "service"} {
		if p := sp.item.Properties[k]; p == nil || !p.Value.Type.Is("string") {
			t.Errorf("HTTPLogItem.%s is not a string property", k)
		}
	}
	if got := fmt.Sprint(sp.security); got != "[[DD-API-KEY]]" {
		t.Errorf("security = %s", got)
	}
	if got := strings.Join(sp.mediaTypes(), ","); got != "application/json,application/logplex-1,text/plain" {
		t.Errorf("media types = %s", got)
	}
	var enc []any
	for _, p := range sp.params {
		if p.name == "Content-Encoding" {
			enc = p.schema.Enum
		}
	}
	if fmt.Sprint(enc) != "[identity gzip deflate]" {
		t.Errorf("ContentEncoding enum = %v", enc)
	}
}

// TestSlicedMatchesFullParse checks the fast loader against a parse of the
// whole document.
func TestSlicedMatchesFullParse(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("parses 8.9 MB of YAML (20 s under -race)")
	}
	p, err := V2SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	slicedDoc, err := readV2Spec(p, false)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	fullDoc, err := readV2Spec(p, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("full parse: %v", time.Since(start))
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for _, o := range v2Ops {
		sliced, full := slicedDoc.ops[o.id], fullDoc.ops[o.id]
		if sliced == nil || full == nil || !sliced.sliced || full.sliced {
			t.Fatalf("%s: sliced %+v, full %+v", o.id, sliced, full)
		}
		if a, b := js(sliced.item), js(full.item); a != b {
			t.Errorf("%s: body items differ:\nsliced %s\nfull   %s", o.id, a, b)
		}
		for mt := range full.content {
			if a, b := js(sliced.content[mt]), js(full.content[mt]); a != b {
				t.Errorf("%s: %s differs:\nsliced %s\nfull   %s", o.id, mt, a, b)
			}
		}
		for st := range full.responses {
			if a, b := js(sliced.responses[st]), js(full.responses[st]); a != b {
				t.Errorf("%s: response %d differs", o.id, st)
			}
		}
		if len(sliced.params) != len(full.params) || fmt.Sprint(sliced.security) != fmt.Sprint(full.security) || fmt.Sprint(sliced.perms) != fmt.Sprint(full.perms) {
			t.Errorf("%s: parameters, security or permissions differ", o.id)
		}
	}
}

// miniSpec is a small document in another layout (compact sequences, quoted
// keys, a comment) whose HTTPLogItem also requires service.
const miniSpec = `openapi: 3.0.0
# a comment at column 0
paths:
  "/api/v2/logs":
    post:
      operationId: SubmitLog
      parameters:
      - in: header
        name: Content-Encoding
        schema:
          $ref: '#/components/schemas/ContentEncoding'
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/HTTPLog"
      responses:
        '202':
          content:
            application/json:
              schema: {type: object}
      security:
      - apiKeyAuth: []
components:
  securitySchemes:
    apiKeyAuth: {type: apiKey, in: header, name: DD-API-KEY}
  schemas:
    ContentEncoding:
      type: string
      enum: [identity, gzip]
    HTTPLog:
      type: array
      items:
        $ref: '#/components/schemas/HTTPLogItem'
    HTTPLogItem:
      type: object
      required: [message, service]
      properties:
        message: {type: string}
        service: {type: string}
`

func TestSchemaComesFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(path, []byte(miniSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(SpecEnvV2, path)
	if p, _ := V2SpecPath(); p != path {
		t.Fatalf("V2SpecPath() = %q with %s set", p, SpecEnvV2)
	}
	s := StartIntake(t) // via the env var
	if !s.op.sliced {
		t.Error("the mini document was not sliced")
	}
	if st, _, _ := post(t, s, []byte(`[{"message":"m","service":"s"}]`), nil); st != http.StatusAccepted {
		t.Errorf("valid log: %d", st)
	}
	if st, _, _ := post(t, s, []byte(`[{"message":"m"}]`), nil); st != http.StatusBadRequest {
		t.Errorf("log without service: %d, want 400", st)
	}
	wantViolation(t, s, 400, `"service"`)
	if st, _, _ := post(t, s, rawDeflate(t, []byte(`[{"message":"m","service":"s"}]`)), map[string]string{"Content-Encoding": "deflate"}); st != http.StatusBadRequest {
		t.Errorf("deflate, not in this enum: %d, want 400", st)
	}
	wantViolation(t, s, 400, "Content-Encoding")
}

func TestOfficialClient(t *testing.T) {
	for _, enc := range []datadogV2.ContentEncoding{datadogV2.CONTENTENCODING_GZIP, datadogV2.CONTENTENCODING_DEFLATE, datadogV2.CONTENTENCODING_IDENTITY} {
		t.Run(string(enc), func(t *testing.T) {
			s := StartIntake(t, WithAPIKey(testKey))
			api, ctx, _ := client(s, testKey)
			items := []datadogV2.HTTPLogItem{logItem("first"), logItem(strings.Repeat("second ", 100))}
			opts := datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(enc).WithDdtags("via:query")
			out, resp, err := api.SubmitLog(ctx, items, *opts)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusAccepted {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if m, ok := out.(map[string]any); !ok || len(m) != 0 {
				t.Errorf("body = %#v, want {}", out)
			}

			acc := s.Accepted()
			if len(acc) != 2 {
				t.Fatalf("accepted %d logs", len(acc))
			}
			if acc[0].Message() != "first" || acc[0].Attr("service") != "checkout" || acc[0].Attr("ddtags") != "env:test,team:logs" ||
				acc[0].Attr("status") != "error" || acc[0].Truncated {
				t.Errorf("first log = %v", acc[0].Fields)
			}
			if code := acc[0].Fields["http"].(map[string]any)["status_code"]; code != 502.0 {
				t.Errorf("nested attribute = %v", code)
			}
			if !json.Valid(acc[1].Raw) || !strings.Contains(string(acc[1].Raw), `"message":"second second`) {
				t.Errorf("raw = %s", acc[1].Raw)
			}

			reqs := s.Requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests", len(reqs))
			}
			r := reqs[0]
			if r.Status != 202 || r.Items != 2 || r.Injected || r.ContentType != "application/json" || r.RawQuery != "ddtags=via%3Aquery" {
				t.Errorf("request = %+v", r)
			}
			if got := r.Header.Get(HeaderAPIKey); got != Redacted {
				t.Errorf("recorded key header = %q", got)
			}
			if strings.Contains(fmt.Sprintf("%#v", reqs), testKey) {
				t.Error("the API key was recorded")
			}
			if string(enc) != r.ContentEncoding {
				t.Errorf("Content-Encoding = %q", r.ContentEncoding)
			}
			if enc == datadogV2.CONTENTENCODING_IDENTITY {
				if r.CompressedBytes != r.UncompressedBytes {
					t.Errorf("identity: %d != %d bytes", r.CompressedBytes, r.UncompressedBytes)
				}
			} else if r.CompressedBytes >= r.UncompressedBytes {
				t.Errorf("%s: compressed %d >= uncompressed %d", enc, r.CompressedBytes, r.UncompressedBytes)
			}
			t.Logf("client headers: %v", r.Header)
		})
	}
}

func TestClientErrors(t *testing.T) {
	s := StartIntake(t, WithAPIKey(testKey), AllowViolations())
	gzipOpt := *datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(datadogV2.CONTENTENCODING_GZIP)
	for _, tc := range []struct {
		name   string
		key    string
		status int
	}{
		{"missing key", "", 401},
		{"wrong key", "not-the-key", 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			api, ctx, _ := client(s, tc.key)
			_, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{logItem("x")}, gzipOpt)
			var oe datadog.GenericOpenAPIError
			if !errors.As(err, &oe) || resp == nil || resp.StatusCode != tc.status {
				t.Fatalf("err = %v, resp = %v", err, resp)
			}
			m, ok := oe.ErrorModel.(datadogV2.HTTPLogErrors)
			if !ok || len(m.Errors) != 1 || m.Errors[0].GetStatus() != fmt.Sprint(tc.status) {
				t.Errorf("ErrorModel = %#v", oe.ErrorModel)
			}
		})
	}
	if n := len(s.Accepted()); n != 0 {
		t.Errorf("accepted %d logs", n)
	}
	// A missing key is a request the spec forbids; a wrong key is not.
	vs := s.TakeViolations()
	if len(vs) != 1 || vs[0].Status != 401 {
		t.Errorf("violations = %v", vs)
	}
}

// TestClientNilSlice pins what the official client sends for no logs: a nil
// slice is encoded as "null", which the spec's HTTPLog (an array) rejects; an
// empty slice is "[]", accepted with nothing in it.
func TestClientNilSlice(t *testing.T) {
	s := StartIntake(t)
	api, ctx, _ := client(s, testKey)
	if _, resp, err := api.SubmitLog(ctx, nil); err == nil || resp.StatusCode != 400 {
		t.Errorf("nil slice: %v", err)
	}
	wantViolation(t, s, 400, "null")
	if _, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{}); err != nil || resp.StatusCode != 202 {
		t.Errorf("empty slice: %v", err)
	}
	if r := s.Requests(); r[0].UncompressedBytes != len("null\n") || r[1].UncompressedBytes != len("[]\n") || len(s.Accepted()) != 0 {
		t.Errorf("requests %+v", r)
	}
}

func TestKeyOptional(t *testing.T) {
	s := StartIntake(t) // no WithAPIKey: any non-empty key
	if st, _, _ := post(t, s, []byte(`{"message":"one"}`), map[string]string{HeaderAPIKey: "anything"}); st != 202 {
		t.Errorf("status %d", st)
	}
	if st, _, _ := post(t, s, []byte(`{"message":"one"}`), map[string]string{HeaderAPIKey: ""}); st != 401 {
		t.Errorf("no key: status %d", st)
	}
	wantViolation(t, s, 401, "DD-API-KEY")
}

func TestRedaction(t *testing.T) {
	s := StartIntake(t)
	req, _ := http.NewRequest(http.MethodPost, s.URL()+LogsPath+"?dd-api-key="+testKey+"&ddtags=a:b", strings.NewReader(`{"message":"m"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("dd-api-key", testKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if strings.Contains(fmt.Sprintf("%#v", s.Requests()), testKey) {
		t.Errorf("key recorded: %+v", s.Requests())
	}
}

func TestEncodings(t *testing.T) {
	body := []byte(`[{"message":"hello","ddtags":"a:b"},{"message":"world","hostname":"h"}]`)
	for _, tc := range []struct {
		name, header string
		body         []byte
	}{
		{"none", "", body},
		{"identity", "identity", body},
		{"gzip", "gzip", gz(t, body)},
		{"deflate zlib", "deflate", zl(t, body)},
		{"deflate raw", "deflate", rawDeflate(t, body)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := StartIntake(t)
			st, resp, _ := post(t, s, tc.body, map[string]string{"Content-Encoding": tc.header})
			if st != 202 || string(resp) != "{}" {
				t.Fatalf("%d %s", st, resp)
			}
			acc := s.Accepted()
			if len(acc) != 2 || acc[0].Message() != "hello" || acc[1].Attr("hostname") != "h" {
				t.Errorf("accepted %+v", acc)
			}
			r := s.Requests()[0]
			if r.CompressedBytes != len(tc.body) || r.UncompressedBytes != len(body) {
				t.Errorf("sizes %d/%d, want %d/%d", r.CompressedBytes, r.UncompressedBytes, len(tc.body), len(body))
			}
		})
	}
}

func TestSingleObjectAndTextPlain(t *testing.T) {
	s := StartIntake(t)
	if st, _, _ := post(t, s, []byte(`{"message":"alone","service":"s"}`), nil); st != 202 {
		t.Fatalf("single object: %d", st)
	}
	if st, _, _ := post(t, s, []byte("line one\nline two\n\n"), map[string]string{"Content-Type": "text/plain"}); st != 202 {
		t.Fatalf("text/plain: %d", st)
	}
	var msgs []string
	for _, it := range s.Accepted() {
		msgs = append(msgs, it.Message())
	}
	if got := strings.Join(msgs, "|"); got != "alone|line one|line two" {
		t.Errorf("messages = %s", got)
	}
}

func TestPayloadLimit(t *testing.T) {
	s := StartIntake(t)
	// Exactly MaxPayloadBytes: accepted. Six logs of just under 1 MB each.
	exact := logs(6, 0)
	pad := (MaxPayloadBytes - len(exact)) / 6
	exact = logs(6, pad)
	exact = append(exact[:len(exact)-1], append(bytes.Repeat([]byte(" "), MaxPayloadBytes-len(exact)), ']')...)
	if len(exact) != MaxPayloadBytes {
		t.Fatalf("built %d bytes", len(exact))
	}
	if st, _, _ := post(t, s, gz(t, exact), map[string]string{"Content-Encoding": "gzip"}); st != 202 {
		t.Errorf("exactly %d bytes: %d", MaxPayloadBytes, st)
	}
	// One more byte: 413, though the gzip body is tiny.
	over := append(exact[:len(exact)-1:len(exact)-1], ' ', ']')
	st, body, _ := post(t, s, gz(t, over), map[string]string{"Content-Encoding": "gzip"})
	if st != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), `"status":"413"`) {
		t.Errorf("over the limit: %d %s", st, body)
	}
	wantViolation(t, s, 413, "uncompressed")
	r := s.Requests()[1]
	if r.CompressedBytes > 100_000 || r.UncompressedBytes != MaxPayloadBytes+1 {
		t.Errorf("sizes %d/%d", r.CompressedBytes, r.UncompressedBytes)
	}
	// Identity too.
	if st, _, _ := post(t, s, over, nil); st != 413 {
		t.Errorf("identity over the limit: %d", st)
	}
	if r := s.Requests()[2]; r.CompressedBytes != MaxPayloadBytes+1 || r.UncompressedBytes != MaxPayloadBytes+1 {
		t.Errorf("identity sizes %d/%d", r.CompressedBytes, r.UncompressedBytes)
	}
	wantViolation(t, s, 413, "uncompressed")
}

func TestItemLimit(t *testing.T) {
	s := StartIntake(t)
	if st, _, _ := post(t, s, logs(MaxItems, 1), nil); st != 202 {
		t.Errorf("%d logs: %d", MaxItems, st)
	}
	st, body, _ := post(t, s, logs(MaxItems+1, 1), nil)
	if st != 400 || !strings.Contains(string(body), `"title":"Bad Request"`) {
		t.Errorf("%d logs: %d %s", MaxItems+1, st, body)
	}
	wantViolation(t, s, 400, "1001 logs")
	if n := len(s.Accepted()); n != MaxItems {
		t.Errorf("accepted %d", n)
	}
}

func TestItemTruncated(t *testing.T) {
	s := StartIntake(t)
	big := strings.Repeat("é", MaxItemBytes/2+10) // 2 bytes each: over 1 MB
	b, _ := json.Marshal([]map[string]string{{"message": "small"}, {"message": big, "service": "s"}})
	if st, _, _ := post(t, s, b, nil); st != 202 {
		t.Fatalf("status %d", st)
	}
	acc := s.Accepted()
	if acc[0].Truncated || !acc[1].Truncated {
		t.Fatalf("truncated flags %v %v", acc[0].Truncated, acc[1].Truncated)
	}
	m := acc[1].Message()
	if len(m) >= len(big) || len(m) > MaxItemBytes || !strings.HasPrefix(big, m) || !json.Valid([]byte(fmt.Sprintf("%q", m))) {
		t.Errorf("message cut to %d bytes", len(m))
	}
	if !strings.Contains(string(acc[1].Raw), big) {
		t.Error("Raw was truncated")
	}
	if reencoded, _ := json.Marshal(acc[1].Fields); len(reencoded) > MaxItemBytes {
		t.Errorf("truncated log is still %d bytes", len(reencoded))
	}
}

func TestInvalidRequests(t *testing.T) {
	for _, tc := range []struct {
		name   string
		body   []byte
		header map[string]string
		method string
		path   string
		status int
		want   string // in the violation
		item   int
	}{
		{name: "message missing", body: []byte(`[{"message":"ok"},{"service":"s"}]`), status: 400, want: `"message"`, item: 1},
		{name: "message not a string", body: []byte(`{"message":42}`), status: 400, want: "message", item: 0},
		{name: "ddtags not a string", body: []byte(`[{"message":"m","ddtags":["env:a"]}]`), status: 400, want: "ddtags", item: 0},
		{name: "hostname not a string", body: []byte(`[{"message":"m","hostname":7}]`), status: 400, want: "hostname", item: 0},
		{name: "item not an object", body: []byte(`["just a string"]`), status: 400, want: "object", item: 0},
		{name: "null body", body: []byte(`null`), status: 400, want: "null", item: -1},
		{name: "empty body", body: nil, status: 400, want: "required", item: -1},
		{name: "malformed JSON", body: []byte(`[{"message":`), status: 400, want: "malformed", item: -1},
		{name: "bad gzip", body: []byte("not gzip"), header: map[string]string{"Content-Encoding": "gzip"}, status: 400, want: "gzip", item: -1},
		{name: "encoding not in enum", body: []byte(`{"message":"m"}`), header: map[string]string{"Content-Encoding": "zstd1"}, status: 400, want: "Content-Encoding", item: -1},
		{name: "content type", body: []byte(`{"message":"m"}`), header: map[string]string{"Content-Type": "application/xml"}, status: 400, want: "Content-Type", item: -1},
		{name: "wrong path", body: []byte(`{"message":"m"}`), path: "/api/v1/logs", status: 404, want: "no such route", item: -1},
		{name: "wrong method", method: http.MethodPut, body: []byte(`{"message":"m"}`), status: 405, want: "PUT", item: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := StartIntake(t)
			method, path := http.MethodPost, LogsPath
			if tc.method != "" {
				method = tc.method
			}
			if tc.path != "" {
				path = tc.path
			}
			req, _ := http.NewRequest(method, s.URL()+path, bytes.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(HeaderAPIKey, testKey)
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			var eb struct {
				Errors []struct{ Status, Title, Detail string }
			}
			if err := json.Unmarshal(body, &eb); err != nil || len(eb.Errors) == 0 || eb.Errors[0].Status != fmt.Sprint(tc.status) || eb.Errors[0].Detail == "" {
				t.Errorf("error body %s", body)
			}
			vs := s.TakeViolations()
			found := false
			for _, v := range vs {
				found = found || (v.Status == tc.status && v.Item == tc.item && strings.Contains(v.Message, tc.want))
			}
			if !found {
				t.Errorf("no violation for item %d containing %q: %v", tc.item, tc.want, vs)
			}
			if len(s.Accepted()) != 0 {
				t.Error("accepted a log from an invalid payload")
			}
			t.Logf("%s → %s", tc.name, body)
		})
	}
}

func send(t *testing.T, s *Intake) int {
	t.Helper()
	st, _, _ := post(t, s, []byte(`{"message":"m"}`), nil)
	return st
}

func TestIntakeFailNext(t *testing.T) {
	s := StartIntake(t)
	s.FailNext(2, ServiceUnavailable())
	got := []int{send(t, s), send(t, s), send(t, s)}
	if fmt.Sprint(got) != "[503 503 202]" {
		t.Errorf("statuses %v", got)
	}
	reqs := s.Requests()
	if !reqs[0].Injected || !reqs[1].Injected || reqs[2].Injected {
		t.Errorf("Injected flags wrong: %+v", reqs)
	}
	if n := len(s.Accepted()); n != 1 {
		t.Errorf("accepted %d", n)
	}
	// An invalid request gets its 400 and does not use up a failure.
	s.FailNext(1, InternalError())
	if st, _, _ := post(t, s, []byte(`{}`), nil); st != 400 {
		t.Errorf("invalid request during FailNext: %d", st)
	}
	wantViolation(t, s, 400, "message")
	if st := send(t, s); st != 500 {
		t.Errorf("queued failure: %d", st)
	}
}

func TestFailFor(t *testing.T) {
	s := StartIntake(t)
	// A window of seconds: one send (client, gzip, spec checks, under
	// -race on a loaded machine) can take longer than a few hundred ms.
	s.FailFor(2*time.Second, RequestTimeout())
	if st := send(t, s); st != 408 {
		t.Errorf("during: %d", st)
	}
	time.Sleep(2100 * time.Millisecond)
	if st := send(t, s); st != 202 {
		t.Errorf("after: %d", st)
	}
}

func TestFailWhileAndSetFailure(t *testing.T) {
	s := StartIntake(t)
	var down atomic.Bool
	s.FailWhile(down.Load, BadGateway())
	if st := send(t, s); st != 202 {
		t.Errorf("up: %d", st)
	}
	down.Store(true)
	if st := send(t, s); st != 502 {
		t.Errorf("down: %d", st)
	}
	down.Store(false)
	if st := send(t, s); st != 202 {
		t.Errorf("up again: %d", st)
	}

	f := GatewayTimeout()
	s.SetFailure(&f)
	if a, b := send(t, s), send(t, s); a != 504 || b != 504 {
		t.Errorf("standing failure: %d %d", a, b)
	}
	s.ClearFailure()
	if st := send(t, s); st != 202 {
		t.Errorf("cleared: %d", st)
	}

	down.Store(true)
	s.FailFor(time.Hour, InternalError())
	s.ClearFailures()
	if st := send(t, s); st != 202 {
		t.Errorf("after ClearFailures: %d", st)
	}
}

func TestCannedFailures(t *testing.T) {
	for _, tc := range []struct {
		f      Failure
		status int
		header map[string]string
	}{
		{ServiceUnavailable(), 503, nil},
		{RateLimited(7), 429, map[string]string{"X-RateLimit-Limit": "1000", "X-RateLimit-Period": "60", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "7", "X-RateLimit-Name": "logs_intake"}},
		{TooManyRequestsRetryAfter(3), 429, map[string]string{"Retry-After": "3"}},
		{Forbidden(), 403, nil},
		{Unauthorized(), 401, nil},
		{RequestTimeout(), 408, nil},
		{InternalError(), 500, nil},
		{BadGateway(), 502, nil},
		{GatewayTimeout(), 504, nil},
	} {
		t.Run(fmt.Sprint(tc.status), func(t *testing.T) {
			s := StartIntake(t)
			s.FailNext(1, tc.f)
			api, ctx, _ := client(s, testKey)
			_, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{logItem("x")}, *datadogV2.NewSubmitLogOptionalParameters().WithContentEncoding(datadogV2.CONTENTENCODING_GZIP))
			if err == nil || resp == nil || resp.StatusCode != tc.status {
				t.Fatalf("err %v resp %v", err, resp)
			}
			for k, v := range tc.header {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			var oe datadog.GenericOpenAPIError
			if errors.As(err, &oe) {
				var eb datadogV2.HTTPLogErrors
				if json.Unmarshal(oe.Body(), &eb) != nil || len(eb.Errors) != 1 || eb.Errors[0].GetStatus() != fmt.Sprint(tc.status) {
					t.Errorf("body %s", oe.Body())
				}
			}
		})
	}
}

func TestDisconnect(t *testing.T) {
	s := StartIntake(t)
	s.FailNext(1, Disconnect())
	api, ctx, _ := client(s, testKey)
	if _, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{logItem("x")}); err == nil {
		t.Fatalf("no error, status %d", resp.StatusCode)
	}
	if st := send(t, s); st != 202 {
		t.Errorf("next: %d", st)
	}
}

func TestDelay(t *testing.T) {
	s := StartIntake(t)
	// Held for a second: the check below that nothing was answered yet
	// runs right after the request is seen in flight, and a loaded machine
	// can deschedule the test between the two for a good part of that.
	const held = time.Second
	s.SetDelay(held)
	start := time.Now()
	done := make(chan int)
	go func() {
		st, _, _ := post(t, s, []byte(`{"message":"slow"}`), nil)
		done <- st
	}()
	deadline := time.Now().Add(10 * time.Second)
	for s.InFlight() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no request in flight after 10s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := len(s.Requests()); n != 0 {
		t.Errorf("%d requests answered while held", n)
	}
	if st := <-done; st != 202 {
		t.Errorf("status %d", st)
	}
	if el := time.Since(start); el < held {
		t.Errorf("answered after %v", el)
	}

	// A client that gives up: the log is accepted all the same. The
	// client's timeout must outlast sending the request on a loaded
	// machine (else the fake never sees it), and the delay must outlast
	// the timeout by far.
	s.SetDelay(5 * time.Second)
	api, ctx, cfg := client(s, testKey)
	cfg.HTTPClient = &http.Client{Timeout: time.Second}
	if _, _, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{logItem("gave up")}); err == nil {
		t.Fatal("no timeout")
	}
	deadline = time.Now().Add(10 * time.Second)
	for len(s.Requests()) < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	reqs := s.Requests()
	if len(reqs) != 2 || !reqs[1].ClientGone || reqs[0].ClientGone {
		t.Errorf("requests %+v", reqs)
	}
	if acc := s.Accepted(); len(acc) != 2 || acc[1].Message() != "gave up" {
		t.Errorf("accepted %+v", acc)
	}
	s.SetDelay(0)
	if st := send(t, s); st != 202 {
		t.Errorf("after SetDelay(0): %d", st)
	}
}

func TestCloseReleasesHeldResponses(t *testing.T) {
	s, err := NewIntake()
	if err != nil {
		t.Fatal(err)
	}
	s.SetDelay(time.Hour)
	errc := make(chan error)
	go func() {
		resp, err := http.Post(s.URL()+LogsPath, "application/json", strings.NewReader(`{"message":"m"}`))
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	for s.InFlight() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	s.Close()
	<-errc
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("Close took %v", el)
	}
	s.Close() // twice is fine
}

func TestConcurrentFailNext(t *testing.T) {
	s := StartIntake(t)
	s.FailNext(5, RateLimited(1))
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for i := range 20 {
		wg.Go(func() {
			st, _, _ := post(t, s, []byte(fmt.Sprintf(`{"message":"m%d"}`, i)), nil)
			mu.Lock()
			counts[st]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if counts[429] != 5 || counts[202] != 15 {
		t.Errorf("counts %v", counts)
	}
	if n := len(s.Accepted()); n != 15 {
		t.Errorf("accepted %d", n)
	}
}

// TestClientRetries shows the official client, with retries on, riding
// through an injected 429 (it waits at least BackOffBase, 2 s).
func TestClientRetries(t *testing.T) {
	if testing.Short() {
		t.Skip("waits 2 s")
	}
	s := StartIntake(t)
	s.FailNext(1, RateLimited(1))
	api, ctx, cfg := client(s, testKey)
	cfg.RetryConfiguration.EnableRetry = true
	if _, resp, err := api.SubmitLog(ctx, []datadogV2.HTTPLogItem{logItem("retried")}); err != nil || resp.StatusCode != 202 {
		t.Fatalf("err %v", err)
	}
	reqs := s.Requests()
	if len(reqs) != 2 || reqs[0].Status != 429 || reqs[1].Status != 202 {
		t.Errorf("requests %+v", reqs)
	}
	if d := reqs[1].Time.Sub(reqs[0].Time); d < 2*time.Second {
		t.Errorf("retried after %v", d)
	}
}

// recordingTB catches what Start reports at cleanup.
type recordingTB struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	cleanups []func()
}

func (r *recordingTB) Helper()          {}
func (r *recordingTB) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recordingTB) Fatal(args ...any) { r.TB.Fatal(args...) }

func TestStartReportsViolations(t *testing.T) {
	for _, allow := range []bool{false, true} {
		tb := &recordingTB{TB: t}
		var opts []Option
		if allow {
			opts = append(opts, AllowViolations())
		}
		s := StartIntake(tb, opts...)
		post(t, s, []byte(`[{"ddtags":1}]`), nil)
		for _, f := range tb.cleanups {
			f()
		}
		if allow && len(tb.errs) != 0 || !allow && len(tb.errs) != 2 {
			t.Errorf("allow=%v: reported %q", allow, tb.errs)
		}
	}
}

func TestHandlerWithoutListener(t *testing.T) {
	s, err := NewIntakeHandler(WithAPIKey("k"))
	if err != nil {
		t.Fatal(err)
	}
	if s.URL() != "" {
		t.Error("URL without a listener")
	}
	var _ http.Handler = s
	req, _ := http.NewRequest(http.MethodPost, LogsPath, strings.NewReader(`{"message":"m"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(HeaderAPIKey, "k")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != 202 || w.Body.String() != "{}" {
		t.Errorf("%d %s", w.Code, w.Body.String())
	}
}

// BenchmarkLoadSpec measures the uncached load of the v2 document (the
// cached one is a map lookup), with the full parse as the baseline.
func BenchmarkLoadSpec(b *testing.B) {
	p, err := V2SpecPath()
	if err != nil {
		b.Fatal(err)
	}
	for _, full := range []bool{false, true} {
		b.Run(map[bool]string{false: "sliced", true: "full"}[full], func(b *testing.B) {
			if full && testing.Short() {
				b.Skip("slow")
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := readV2Spec(p, full); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
