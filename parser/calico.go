package parser

// Calico's log layout: the Formatter of libcalico-go's logutils package
// over logrus, which felix, typha, confd, calico-node's startup and
// kube-controllers all write:
//
//	2024-03-15 00:46:36.132 [INFO][68] felix/int_dataplane.go 1837: msg k="v" n=0x4
//
// local time to the millisecond without a zone, logrus's level in capitals
// (PANIC FATAL ERROR WARNING INFO DEBUG TRACE), the process id, the file
// (behind the component's name when one is set) and line, the message raw,
// then the fields sorted, strings Go-quoted (%#v), errors and Stringers
// bare.

// parseCalico recognises a Calico line; h opens with a date whose time is
// set off by a space, ending at te.
func parseCalico(h []byte, te int, r *Record) bool {
	if te < 19 || te+12 > len(h) || h[te] != ' ' || h[te+1] != '[' {
		return false
	}
	ls := te + 2
	le := ls
	for le < len(h) && le-ls < 8 && isUpper(h[le]) {
		le++
	}
	if le+2 >= len(h) || h[le] != ']' || h[le+1] != '[' {
		return false
	}
	lvl, ok := logrusLevel(h[ls:le])
	if !ok {
		return false
	}
	ps := le + 2
	i := ps
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ps || i+2 >= len(h) || h[i] != ']' || h[i+1] != ' ' {
		return false
	}
	thread := span{int32(ps), int32(i)}
	// "file.go 123: ": the file, a space, the line (-1 or -2 when the
	// caller's lookup failed), a colon.
	cs := i + 2
	i = cs
	for i < len(h) && h[i] != ' ' {
		i++
	}
	if i == cs || i+2 >= len(h) {
		return false
	}
	i++
	ns := i
	if h[i] == '-' {
		i++
	}
	for i < len(h) && isDigit(h[i]) {
		i++
	}
	if i == ns || i >= len(h) || h[i] != ':' || (i+1 < len(h) && h[i+1] != ' ') {
		return false
	}
	r.Format, r.Level = FormatCalico, lvl
	r.lvl = span{int32(ls), int32(le)}
	r.time, r.timeKind = span{0, int32(te)}, timeRFC3339
	r.thread = thread
	r.caller = span{int32(cs), int32(i)}
	r.rawCont = true
	i = min(i+2, len(h))
	end := calicoPairs(h, i)
	if end < len(h) {
		r.fields = span{int32(end), int32(len(h))}
		r.fieldsKind = fieldsCalico
	}
	r.msg = span{int32(i), int32(trimRightSpace(h, i, end))}
	return true
}

// calicoPairs returns where the run of " key=value" pairs that lasts to the
// end of h begins, at or after start, or len(h). Values are Go syntax
// (%#v): a quoted string, a number, or a struct, map or slice whose
// brackets may enclose spaces ("id=proto.WorkloadEndpointID{OrchestratorId:
// \"k8s\", EndpointId:\"eth0\"}"), so a value runs to the space after its
// brackets close; errors and Stringers are bare text, which ends at the
// next space. A token that is no such pair restarts the run after it.
func calicoPairs(h []byte, start int) int {
	run := -1
	i := start
	for i < len(h) {
		if run < 0 {
			// Words of the message hold neither '=' nor '"': skip them
			// all at once.
			if i = nextPairCandidate(h, i); i >= len(h) {
				break
			}
			run = i
		}
		ks := i
		for i < len(h) && isCalicoKeyByte(h[i]) {
			i++
		}
		if i > ks && i < len(h) && h[i] == '=' {
			if e := calicoValueEnd(h, i+1); e >= 0 {
				if i = e; i >= len(h) {
					return run
				}
				i++ // the space between pairs
				continue
			}
		}
		run = -1
		k := indexByteFrom(h, i, ' ')
		if k < 0 {
			break
		}
		i = k + 1
	}
	return len(h)
}

// calicoValueEnd returns the end of the %#v value at h[i] (the space after
// it, or len(h)), or -1 when a quote or bracket in it does not close on the
// line or something other than a space follows it.
func calicoValueEnd(h []byte, i int) int {
	depth := 0
	for i < len(h) {
		switch h[i] {
		case '"':
			e := skipGoString(h, i)
			if e < 0 {
				return -1
			}
			i = e
			continue
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			if depth == 0 {
				return -1
			}
			depth--
		case ' ':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	if depth != 0 {
		return -1
	}
	return i
}

// isCalicoKeyByte reports whether c can be part of a logrus field name as
// Calico's components name them ("ipVersion", "ifaceName", "__flush__").
func isCalicoKeyByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '_' || c == '.' || c == '-'
}

// eachCalicoField splits the pairs calicoPairs found.
func eachCalicoField(b []byte, fn func(Field) bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		ks := i
		for i < len(b) && isCalicoKeyByte(b[i]) {
			i++
		}
		if i == ks || i >= len(b) || b[i] != '=' {
			rest(b[ks:], fn)
			return
		}
		e := calicoValueEnd(b, i+1)
		if e < 0 {
			rest(b[ks:], fn)
			return
		}
		f := Field{key: b[ks:i], value: b[i+1 : e]}
		if len(f.value) > 1 && f.value[0] == '"' && skipGoString(f.value, 0) == len(f.value) {
			f.valueKind = kindGoQuoted
		}
		if !fn(f) {
			return
		}
		i = e
	}
}
