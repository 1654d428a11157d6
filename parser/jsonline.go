package parser

// JSON lines: zap, logrus, slog, zerolog, go-kit, hclog and Bunyan/pino
// write one object per record with the level under one of a few keys.
// Kubernetes components with --logging-format=json write no level at all:
// "err" marks an error, "v" is verbosity, not severity.

// jsonKey classifies a member name (the literal, quotes included).
const (
	keyOther uint8 = iota
	keyLevel
	keyMsg
	keyTime
	keyLogger
	keyCaller
	keyV
	keyErr
)

func classifyJSONKey(k []byte) uint8 {
	// Every key of interest is 1 to 10 characters: most keys are rejected
	// on length alone.
	if len(k) < 3 || len(k) > 12 {
		return keyOther
	}
	switch string(k[1 : len(k)-1]) {
	case "level", "severity", "lvl", "L", "@level", "log.level", "loglevel":
		return keyLevel
	case "msg", "message", "M", "@message":
		return keyMsg
	case "time", "ts", "T", "@timestamp", "timestamp":
		return keyTime
	case "logger", "N", "@module":
		return keyLogger
	case "caller", "C", "@caller":
		return keyCaller
	case "v":
		return keyV
	case "err":
		return keyErr
	}
	return keyOther
}

// parseJSONLine recognises a JSON object (b is the whole object, possibly
// spread over lines when pretty-printed).
func parseJSONLine(b []byte, r *Record) bool {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	var lvlV, msgV, timeV, loggerV, callerV span
	var haveV, haveErr bool
	// One pass validates the object and finds the members that matter.
	j := skipWS(b, i+1)
	end := -1
	for j < len(b) {
		if b[j] == '}' {
			end = j + 1
			break
		}
		if b[j] != '"' {
			return false
		}
		ke := skipString(b, j)
		if ke < 0 {
			return false
		}
		c := skipWS(b, ke)
		if c >= len(b) || b[c] != ':' {
			return false
		}
		vs := skipWS(b, c+1)
		var ve int
		if vs < len(b) && b[vs] == '"' { // most values: no trip through skipValue's switch
			ve = skipString(b, vs)
		} else {
			ve = skipValue(b, vs, 0)
		}
		if ve < 0 {
			return false
		}
		v := span{int32(vs), int32(ve)}
		switch classifyJSONKey(b[j:ke]) {
		case keyLevel:
			if lvlV.empty() {
				lvlV = v
			}
		case keyMsg:
			if msgV.empty() {
				msgV = v
			}
		case keyTime:
			if timeV.empty() {
				timeV = v
			}
		case keyLogger:
			if loggerV.empty() && b[vs] == '"' {
				loggerV = span{int32(vs + 1), int32(ve - 1)}
			}
		case keyCaller:
			if callerV.empty() && b[vs] == '"' {
				callerV = span{int32(vs + 1), int32(ve - 1)}
			}
		case keyV:
			haveV = true
		case keyErr:
			haveErr = true
		}
		j = skipWS(b, ve)
		if j < len(b) && b[j] == ',' {
			j = skipWS(b, j+1)
			if j < len(b) && b[j] == '}' {
				return false // trailing comma
			}
		} else if j < len(b) && b[j] != '}' {
			return false
		}
	}
	if end < 0 || skipWS(b, end) != len(b) {
		return false
	}
	switch {
	case !lvlV.empty():
		lv := b[lvlV.start:lvlV.end]
		var lvl Level
		var ok bool
		if lv[0] == '"' {
			w := lv[1 : len(lv)-1]
			r.lvl = span{lvlV.start + 1, lvlV.end - 1}
			if lvl, ok = wordLevel(w); !ok {
				if lvl, ok = slogLevel(w); !ok {
					lvl, ok = zapLevel(w)
				}
			}
		} else {
			r.lvl = lvlV
			if n, isNum := atoiSigned(lv); isNum {
				lvl, ok = numericLevel(n)
			}
		}
		if !ok {
			return false
		}
		r.Format, r.Level = FormatJSON, lvl
	case haveV || haveErr || !callerV.empty():
		// Kubernetes JSON (component-base logs/json): a numeric ts and a
		// msg, plus v, err or caller — legacy klog.Error and ErrorS with a
		// nil error carry neither v nor err. Anything less is just some
		// object.
		if timeV.empty() || msgV.empty() || b[timeV.start] == '"' {
			return false
		}
		r.Format, r.Level = FormatKlogJSON, LevelInfo
		if haveErr {
			r.Level = LevelError
		}
	default:
		return false
	}
	if !msgV.empty() {
		r.msg, r.msgKind = msgV, kindJSON
	} else {
		r.msg = span{int32(len(b)), int32(len(b))}
	}
	if !timeV.empty() {
		if b[timeV.start] == '"' {
			r.time, r.timeKind = span{timeV.start + 1, timeV.end - 1}, timeRFC3339
		} else {
			r.time, r.timeKind = timeV, timeEpoch
		}
	}
	r.logger, r.caller = loggerV, callerV
	r.fields = span{int32(i), int32(end)}
	r.fieldsKind = fieldsJSONRest
	return true
}

// eachJSONRest walks the object's members except those the header consumed.
func (r *Record) eachJSONRest(b []byte, base int, fn func(Field) bool) {
	eachJSONField(b, func(f Field) bool {
		vs := int32(base) + int32(offsetIn(b, f.value))
		if vs == r.lvl.start || vs+1 == r.lvl.start || vs == r.msg.start || vs+1 == r.time.start || vs == r.time.start ||
			vs+1 == r.logger.start || vs+1 == r.caller.start {
			return true
		}
		return fn(f)
	})
}

// offsetIn returns the offset of sub within b (sub is a subslice of b).
func offsetIn(b, sub []byte) int {
	if len(sub) == 0 {
		return -1
	}
	return cap(b) - cap(sub)
}
