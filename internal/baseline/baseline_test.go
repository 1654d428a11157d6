package baseline

import (
	"regexp"
	"testing"
)

// classifiers returns both baselines, failing the test if one cannot be built.
func classifiers(tb testing.TB) map[string]Classifier {
	tb.Helper()
	g, err := NewGrok()
	if err != nil {
		tb.Fatalf("NewGrok: %v", err)
	}
	return map[string]Classifier{"grok": g, "regexp": NewRegexp()}
}

type testCase struct {
	name   string
	line   string
	want   string
	wantOK bool
}

func runCases(t *testing.T, cases []testCase) {
	t.Helper()
	cls := classifiers(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var results [2]struct {
				level string
				ok    bool
			}
			for i, kind := range []string{"grok", "regexp"} {
				level, ok := cls[kind].Classify([]byte(tc.line))
				results[i].level, results[i].ok = level, ok
				if level != tc.want || ok != tc.wantOK {
					t.Errorf("%s.Classify(%q) = (%q, %v), want (%q, %v)",
						kind, tc.line, level, ok, tc.want, tc.wantOK)
				}
			}
			if results[0] != results[1] {
				t.Errorf("grok and regexp disagree on %q: grok=%v regexp=%v",
					tc.line, results[0], results[1])
			}
		})
	}
}

// TestSeedSamples checks the five "samples" of the grok parser in
// /work/shared/reference/seed-pipeline.json, plus a line no rule matches.
func TestSeedSamples(t *testing.T) {
	runCases(t, []testCase{
		{"klog I", "I0911 07:22:25.408586 1 cni_writer.go:930] Successfully synced \"gke-xxxxx-xxxxx-nod-xxxxxxxx-xxxx\"", "info", true},
		{"klog E", "E0911 07:10:07.225293 1 base_controller.go:161] \"controller failed to sync\" err=\"...\" key=\"image-sync\"", "error", true},
		{"controller-runtime zap INFO", "2026-09-11T07:19:45Z\tINFO\tcontrollers.Spoke\trequeueing\t{\"request\": {\"name\":\"xxx\",\"namespace\":\"fleetconfig-system\"}, \"after\": \"1m0s\"}", "info", true},
		{"zap error single spaces", "2026-09-11T04:39:22.159Z error logging/logging.go:16 NodeCollector: Failed to export metrics {\"kind\": \"receiver\"}", "error", true},
		{"logrus level=info", "time=2026-09-11T06:13:28Z level=info msg=Reconciling subsys=sfc reasons=[...]", "info", true},
		{"no rule", "hello world", "", false},
		{"empty line", "", "", false},
	})
}

// TestReferenceSamples runs lines copied verbatim from
// /work/shared/reference/samples/ (the file is named in each comment; that
// directory is not read at test time). Both classifiers must give the
// expected value, and therefore agree with each other.
func TestReferenceSamples(t *testing.T) {
	runCases(t, []testCase{
		// klog-v2.140-text-v2.stderr.txt
		{"klog plain info", "I1130 04:40:14.476718   11180 main.go:25] plain Info message", "info", true},
		{"klog warning", "W1130 04:40:14.476806   11180 main.go:27] a Warning message", "warning", true},
		{"klog error", "E1130 04:40:14.476809   11180 main.go:28] an Error message", "error", true},
		{"klog InfoS", "I1130 04:40:14.476863   11180 main.go:31] \"Structured InfoS\" pod=\"kube-system/coredns-abc\" count=3 ratio=0.5 ok=true str=\"with spaces and \\\"quotes\\\"\"", "info", true},
		{"klog multi-line value header", "I1130 04:40:14.476873   11180 main.go:32] \"InfoS with multi-line value\" config=<", "info", true},
		{"klog multi-line value end", " >", "", false},
		// klog-v2.140-exit.stderr.txt
		{"klog exit", "F1130 04:40:14.508563   11203 main.go:56] this is an Exit message", "critical", true},
		// klog-v2.140-multiple-multiline-values.stderr.txt
		{"klog continuation", "\tl1", "", false},
		// go-runtime-panic-error.stderr.txt
		{"klog pid 1", "I1130 04:00:00.000000       1 main.go:1] a normal log line before the panic", "info", true},
		{"go panic", "panic: an error value", "", false},
		{"goroutine header", "goroutine 1 [running]:", "", false},
		// zap-console-dev.stdout.txt
		{"zap dev DEBUG", "2026-11-30T04:40:42.709Z\tDEBUG\tcontroller.sub\tzap/main.go:22\tdebug message\t{\"k\": \"v\"}", "debug", true},
		{"zap dev INFO", "2026-11-30T04:40:42.709Z\tINFO\tcontroller.sub\tzap/main.go:23\tinfo message\t{\"kind\": \"receiver\", \"name\": \"otlp\", \"count\": 3, \"took\": \"1.5s\"}", "info", true},
		{"zap dev DPANIC", "2026-11-30T04:40:42.709Z\tDPANIC\tcontroller.sub\tzap/main.go:28\tdpanic message (no panic in production mode)", "critical", true},
		{"zap stack frame", "\t/usr/lib/go/src/runtime/proc.go:290", "", false},
		// zap-console-space-sep.stdout.txt
		{"zap space debug", "2026-11-30T04:40:42.727Z debug controller.sub zap/main.go:22 debug message {\"k\": \"v\"}", "debug", true},
		{"zap space warn", "2026-11-30T04:40:42.727Z warn controller.sub zap/main.go:26 warn message {\"error\": \"plain error\"}", "warning", true},
		{"zap continuation", "message", "", false},
		// zap-console-prod.stdout.txt (epoch timestamp: zap rule wants ISO 8601)
		{"zap epoch", "1.7960136427029755e+09\tinfo\tcontroller.sub\tzap/main.go:23\tinfo message\t{\"kind\": \"receiver\", \"name\": \"otlp\", \"count\": 3, \"took\": 1.5}", "", false},
		// zap-level-encoders.stdout.txt (no timestamp)
		{"zap no time", "ERROR\tCapital encoder, level 2", "", false},
		// zap-otelcol-style.stdout.txt
		{"otelcol error", "2026-11-30T04:40:42.733Z\terror\tzap/main.go:52\tNodeCollector: Failed to export metrics\t{\"kind\": \"receiver\"}", "error", true},
		{"otelcol info", "2026-11-30T04:40:42.733Z\tinfo\tzap/main.go:53\tEverything is ready. Begin running and processing data.", "info", true},
		// zap-panic.stderr.txt
		{"zap PANIC", "2026-11-30T04:40:42.765Z\tPANIC\tzap/main.go:128\tzap panic message", "critical", true},
		// zap-time-encoders.stdout.txt
		{"zap RFC3339", "2026-11-30T04:40:42Z\tinfo\tzap/main.go:70\tRFC3339TimeEncoder", "info", true},
		{"zap offset with colon", "2026-09-01T04:39:22.123456789+02:00\tinfo\tfixed-time RFC3339NanoTimeEncoder", "info", true},
		{"zap offset without colon", "2026-09-01T04:39:22.123+0200\tinfo\tfixed-time ISO8601TimeEncoder", "", false},
		{"zap json", "{\"level\":\"info\",\"ts\":1796013642.7362652,\"caller\":\"zap/main.go:72\",\"msg\":\"EpochTimeEncoder\"}", "", false},
		// controller-runtime-zap-dev.stderr.txt
		{"controller-runtime DEBUG", "2026-11-30T04:41:13Z\tDEBUG\tsetup\tV(1) message\t{\"k\": \"v\"}", "debug", true},
		{"controller-runtime ERROR", "2026-11-30T04:41:13Z\tERROR\tsetup\tproblem running manager\t{\"attempt\": 2, \"error\": \"unable to connect\"}", "error", true},
		// controller-runtime-zap-prod.stderr.txt
		{"controller-runtime json", "{\"level\":\"info\",\"ts\":\"2026-11-30T04:41:13Z\",\"logger\":\"setup\",\"msg\":\"starting manager\",\"version\":\"v1.2.3\"}", "", false},
		// logrus-text-default.stderr.txt
		{"logrus trace", "time=\"2026-11-30T04:41:25Z\" level=trace msg=\"trace message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "debug", true},
		{"logrus warning", "time=\"2026-11-30T04:41:25Z\" level=warning msg=\"warn message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "warning", true},
		{"logrus error", "time=\"2026-11-30T04:41:25Z\" level=error msg=\"error message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "error", true},
		{"logrus fatal", "time=\"2026-11-30T04:41:25Z\" level=fatal msg=\"fatal message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "critical", true},
		{"logrus panic", "time=\"2026-11-30T04:41:25Z\" level=panic msg=\"panic message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "critical", true},
		// logrus-text-disable-timestamp.stderr.txt
		{"logrus no time info", "level=info msg=\"info message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "info", true},
		{"logrus no time warning", "level=warning msg=\"warn message\" component=api empty= n=42 path=/v1/items q=\"say \\\"hi\\\"\" user name=\"a b\"", "warning", true},
		// logrus-text-default-under-pty.txt (colours, CRLF)
		{"logrus tty", "\x1b[36mINFO\x1b[0m[0000] info message                                  \x1b[36mcomponent\x1b[0m=api \x1b[36mempty\x1b[0m= \x1b[36mn\x1b[0m=42 \x1b[36mpath\x1b[0m=/v1/items \x1b[36mq\x1b[0m=\"say \\\"hi\\\"\" \x1b[36muser name\x1b[0m=\"a b\"\r", "", false},
		// gokit-logfmt.stderr.txt
		{"gokit debug", "level=debug ts=2026-11-30T04:41:45.62198022Z caller=main.go:13 msg=\"debug message\" k=v", "debug", true},
		{"gokit warn not in lookup", "level=warn ts=2026-11-30T04:41:45.62205441Z caller=main.go:15 msg=\"warn message\"", "", false},
		{"gokit error", "level=error ts=2026-11-30T04:41:45.622061651Z caller=main.go:16 msg=\"error message\" err=\"connection refused\"", "error", true},
		{"gokit no level", "ts=2026-11-30T04:41:45.622069874Z caller=main.go:18 msg=\"no level key at all\"", "", false},
		// slog-text.stderr.txt
		{"slog INFO lowercased", "time=2026-11-30T04:41:36.957Z level=INFO msg=\"info message\" count=3 dur=1.5s ok=true", "info", true},
		{"slog ERROR lowercased", "time=2026-11-30T04:41:36.957Z level=ERROR msg=\"error message\" err=\"connection refused\"", "error", true},
		{"slog WARN not in lookup", "time=2026-11-30T04:41:36.957Z level=WARN msg=\"warn message\" path=/v1/items q=\"say \\\"hi\\\"\" spaced=\"a b\" empty=\"\"", "", false},
		{"slog DEBUG-4", "time=2026-11-30T04:41:36.957Z level=DEBUG-4 msg=\"custom level DEBUG-4\"", "", false},
		// slog-default.stderr.txt
		{"slog default", "2026/11/30 04:41:36 INFO default slog logger k=v", "", false},
		// hclog-default.stderr.txt
		{"hclog", "2026-11-30T04:42:06.881Z [ERROR] myapp: error message: error=\"connection refused\"", "", false},
		// zerolog-console-nocolor-rfc3339.stderr.txt
		{"zerolog console ERR", "2026-11-30T04:42:00Z ERR cmd/zerolog/main.go:19 > error message error=\"connection refused\"", "", false},
		// cri-containerd-v1.7.29-NewCRILogger-output.log (CRI envelope not stripped)
		{"cri wrapped zap", "2026-11-30T04:43:36.211688354Z stdout F 2026-11-30T04:40:40.271Z\tINFO\tcontroller.sub\tzap/main.go:23\tinfo message\t{\"k\": \"v\"}", "", false},
		// k8s-component-base-json-format.stderr.txt
		{"k8s json", "{\"ts\":1796013758058.7444,\"caller\":\"k8sjson/main.go:15\",\"msg\":\"Structured InfoS\",\"v\":0,\"pod\":{\"name\":\"coredns-abc\",\"namespace\":\"kube-system\"},\"count\":3}", "", false},
	})
}

// TestRuleSemantics covers Datadog grok semantics the translation must keep:
// anchoring, first match wins, data spanning newlines, the filters and the
// exact-match lookups.
func TestRuleSemantics(t *testing.T) {
	runCases(t, []testCase{
		{"data spans newlines", "E1130 04:40:14.476886   11180 main.go:36] \"ErrorS with multi-line error\" err=<\n\tmulti\n\tline error\n >", "error", true},
		{"trailing newline kept in data", "W0101 00:00:00.000001 7 a.go:1] x\n", "warning", true},
		{"klog empty message", "I1130 04:39:44.903468    8085 main.go:32] ", "info", true},
		{"klog no message", "I1130 04:39:44.903468    8085 main.go:32]", "info", true},
		{"klog location with space", "I1130 04:39:44.903468    8085 some dir/main.go:32] msg has ] chars] here", "info", true},
		{"klog lower-case severity", "i1130 04:39:44.903468    8085 main.go:32] x", "", false},
		{"klog ktesting header", "I0307 04:05:06.000007] ktesting header without pid/file", "", false},
		{"not anchored at start", " I1130 04:39:44.903468    8085 main.go:32] x", "", false},
		{"zap mixed case level not matched", "2026-11-30T04:40:42Z\tInfo\tmsg", "", false},
		{"zap needs a message separator", "2026-11-30T04:40:42Z\tINFO", "", false},
		{"zap empty message", "2026-11-30T04:40:42Z\tWARN\t", "warning", true},
		{"zap lowercase fatal upper-cased", "2026-11-30T04:40:42Z fatal boom", "critical", true},
		{"logfmt upper-case lower-cased", "level=FATAL msg=x", "critical", true},
		{"logfmt needs whitespace after level", "level=info", "", false},
		{"logfmt level not first", "msg=x level=info", "", false},
		{"logfmt_with_time quoted time", "time=\"2026-11-30T04:41:25Z\" level=Panic msg=x", "critical", true},
		{"logfmt_with_time unknown level", "time=now level=notice msg=x", "", false},
		{"logfmt_with_time warn", "time=now level=warn msg=x", "", false},
	})
}

// TestRulesInSync checks that each rule's grok translation and regexp
// expansion extract the same fields.
func TestRulesInSync(t *testing.T) {
	fieldRef := regexp.MustCompile(`%\{\w+:([\w.]+)\}`)
	for _, r := range seedRules {
		re := regexp.MustCompile(r.regexp)
		var grokFields []string
		for _, m := range fieldRef.FindAllStringSubmatch(r.grok, -1) {
			grokFields = append(grokFields, groupName(m[1]))
		}
		var reFields []string
		for _, n := range re.SubexpNames() {
			if n != "" {
				reFields = append(reFields, n)
			}
		}
		if len(grokFields) != len(reFields) {
			t.Errorf("rule %s: grok fields %v, regexp groups %v", r.name, grokFields, reFields)
			continue
		}
		for i := range grokFields {
			if grokFields[i] != reFields[i] {
				t.Errorf("rule %s: grok fields %v, regexp groups %v", r.name, grokFields, reFields)
				break
			}
		}
	}
}

// TestRepeatedCalls checks that classifiers keep giving the same answer.
func TestRepeatedCalls(t *testing.T) {
	lines := []struct {
		line string
		want string
		ok   bool
	}{
		{"I0911 07:22:25.408586 1 cni_writer.go:930] ok", "info", true},
		{"hello world", "", false},
		{"level=error msg=x", "error", true},
	}
	for kind, c := range classifiers(t) {
		for i := 0; i < 100; i++ {
			l := lines[i%len(lines)]
			if got, ok := c.Classify([]byte(l.line)); got != l.want || ok != l.ok {
				t.Fatalf("%s call %d: Classify(%q) = (%q, %v), want (%q, %v)", kind, i, l.line, got, ok, l.want, l.ok)
			}
		}
	}
}

var benchLines = [][]byte{
	[]byte("I1130 04:40:14.476863   11180 main.go:31] \"Structured InfoS\" pod=\"kube-system/coredns-abc\" count=3 ratio=0.5 ok=true"),
	[]byte("2026-11-30T04:40:42.709Z\tINFO\tcontroller.sub\tzap/main.go:23\tinfo message\t{\"kind\": \"receiver\", \"name\": \"otlp\"}"),
	[]byte("time=\"2026-11-30T04:41:25Z\" level=warning msg=\"warn message\" component=api n=42 path=/v1/items"),
	[]byte("{\"level\":\"info\",\"ts\":\"2026-11-30T04:41:13Z\",\"logger\":\"setup\",\"msg\":\"starting manager\"}"),
}

func BenchmarkClassify(b *testing.B) {
	for _, kind := range []string{"grok", "regexp"} {
		c := classifiers(b)[kind]
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				c.Classify(benchLines[i%len(benchLines)])
			}
		})
	}
}
