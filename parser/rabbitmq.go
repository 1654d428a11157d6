package parser

// RabbitMQ's log, on stdout in its images (RABBITMQ_LOGS=-):
//
//	2026-11-30 04:41:36.123456+00:00 [error] <0.200.3> closing AMQP connection <0.200.3> (…):
//	2026-11-30 04:41:36.123456+00:00 [error] <0.200.3> {bad_header,<<"GARBAGE!">>}
//	2021-11-09 06:40:36.827 [warning] <0.867.0> closing AMQP connection <0.867.0> (…):
//	client unexpectedly closed TCP connection
//
// Since 3.9 its formatter repeats the prefix on every line of a multi-line
// message, so each line is a record of its own with the event's level;
// lager, its logger before, wrote the further lines raw and without a zone
// in the time. The level is Erlang's logger's (syslog's words), the pid the
// process that logged.

// parseRabbitMQ reads " [level] <pid> msg" after the time (te its end).
func parseRabbitMQ(h []byte, te int, r *Record) bool {
	ls := te + 2
	le := ls
	for le < len(h) && 'a' <= h[le] && h[le] <= 'z' {
		le++
	}
	if le+2 >= len(h) || h[le] != ']' || h[le+1] != ' ' || h[le+2] != '<' {
		return false
	}
	lvl, ok := erlangLevel(h[ls:le])
	if !ok {
		return false
	}
	ps := le + 2
	pe := ps + 1
	for pe < len(h) && (isDigit(h[pe]) || h[pe] == '.') {
		pe++
	}
	if pe == ps+1 || pe >= len(h) || h[pe] != '>' {
		return false
	}
	pe++
	if pe < len(h) && h[pe] != ' ' {
		return false
	}
	r.Format, r.Level = FormatRabbitMQ, lvl
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.lvl = span{int32(ls), int32(le)}
	r.thread = span{int32(ps), int32(pe)}
	r.msg = span{int32(min(pe+1, len(h))), int32(len(h))}
	// lager's time has no zone, and its messages' further lines no prefix.
	r.rawCont = te < 6 || (h[te-6] != '+' && h[te-6] != '-') || h[te-3] != ':'
	return true
}

// erlangLevel maps the levels of Erlang's logger and of lager.
func erlangLevel(b []byte) (Level, bool) {
	switch string(b) {
	case "debug":
		return LevelDebug, true
	case "info":
		return LevelInfo, true
	case "notice":
		return LevelNotice, true
	case "warning":
		return LevelWarning, true
	case "error":
		return LevelError, true
	case "critical":
		return LevelCritical, true
	case "alert":
		return LevelAlert, true
	case "emergency":
		return LevelEmergency, true
	}
	return LevelUnknown, false
}
