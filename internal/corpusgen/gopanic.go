package corpusgen

func goPanicStreams() []*stream {
	rt := []string{"go"}
	rtk := []string{"go", modKlog}
	tail := func(call string) Record {
		return Record{Format: FormatGoPanic, Level: LevelCritical, Call: call}
	}
	return []*stream{
		{logger: "gopanic", name: "panic-string", modules: rtk, desc: "panic(string) after a klog line", child: &childRun{
			mode: "panic-string", exit: 2, tail: tail("panic(string)")}},
		{logger: "gopanic", name: "panic-error", modules: rtk, desc: "panic(error) (wrapped custom error type)", child: &childRun{
			mode: "panic-error", exit: 2, tail: tail("panic(error)")}},
		{logger: "gopanic", name: "panic-custom-int", modules: rt, desc: "panic(main.exitCode(3)) after a plain line", child: &childRun{
			mode: "panic-custom-int", exit: 2, tail: tail("panic(custom int type)")}},
		{logger: "gopanic", name: "panic-custom-struct", modules: rtk, desc: "panic(struct value) prints (main.T) 0xADDR", child: &childRun{
			mode: "panic-custom-struct", exit: 2, tail: tail("panic(custom struct type)")}},
		{logger: "gopanic", name: "panic-nil-deref", modules: rtk, desc: "nil pointer dereference with [signal SIGSEGV ...] line", child: &childRun{
			mode: "panic-nil-deref", exit: 2, tail: tail("nil pointer dereference")}},
		{logger: "gopanic", name: "panic-repanic", modules: rtk, desc: "re-panic with a new value: [recovered] + indented panic line", child: &childRun{
			mode: "panic-repanic", exit: 2, tail: tail("recover then panic(new value)")}},
		{logger: "gopanic", name: "panic-repanic-same", modules: rt, desc: "re-panic with the same value: [recovered, repanicked]", child: &childRun{
			mode: "panic-repanic-same", exit: 2, tail: tail("recover then panic(same value)")}},
		{logger: "gopanic", name: "panic-multiline", modules: rtk, desc: "panic with a multi-line error value", child: &childRun{
			mode: "panic-multiline", exit: 2, tail: tail("panic(multi-line error)")}},
		{logger: "gopanic", name: "panic-goroutine", modules: rtk, desc: "nil map write in a goroutine (created by ... in goroutine 1)", child: &childRun{
			mode: "panic-goroutine", exit: 2, tail: tail("panic in a goroutine")}},
		{logger: "gopanic", name: "panic-gotraceback-all", modules: rtk, desc: "GOTRACEBACK=all with blocked goroutines", child: &childRun{
			mode: "panic-gotraceback-all", exit: 2, env: []string{"GOTRACEBACK=all"}, tail: tail("panic with GOTRACEBACK=all")}},
		{logger: "gopanic", name: "panic-after-plain-lines", modules: rt, desc: "two plain stderr lines then panic(string)", child: &childRun{
			mode: "panic-after-plain-lines", exit: 2, tail: tail("panic(string)")}},
		{logger: "gopanic", name: "panic-supervised", modules: rtk, desc: "nil pointer dereference, then what a supervisor loop writes: exit status 2 and a plain restart message", child: &childRun{
			mode: "panic-nil-deref", exit: 2, supervised: true, tail: tail("nil pointer dereference")}},
		{logger: "gopanic", name: "fatal-deadlock", modules: rt, desc: "fatal error: all goroutines are asleep - deadlock!", child: &childRun{
			mode: "fatal-deadlock", exit: 2, tail: tail("runtime throw: deadlock")}},
		{logger: "gopanic", name: "fatal-concurrent-map-writes", modules: rt, desc: "fatal error: concurrent map writes (4 writer goroutines)", child: &childRun{
			mode: "fatal-concurrent-map", exit: 2, skipExit: 3, tail: tail("runtime fatal: concurrent map writes")}},
	}
}
