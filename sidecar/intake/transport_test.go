package intake

import (
	"net/http"
	"testing"
)

// The sink's own transport is the default one (proxy from the environment,
// its timeouts and keep-alives) with a write buffer that holds a request,
// and is not http.DefaultTransport itself, which other code shares.
func TestDefaultTransport(t *testing.T) {
	rt := defaultTransport()
	tr, ok := rt.(*http.Transport)
	if !ok {
		t.Fatalf("defaultTransport is a %T", rt)
	}
	if tr == http.DefaultTransport {
		t.Fatal("defaultTransport changed http.DefaultTransport")
	}
	def := http.DefaultTransport.(*http.Transport)
	if tr.WriteBufferSize != requestWriteBuffer || def.WriteBufferSize == requestWriteBuffer {
		t.Errorf("WriteBufferSize %d (http.DefaultTransport's %d), want %d", tr.WriteBufferSize, def.WriteBufferSize, requestWriteBuffer)
	}
	if tr.Proxy == nil || tr.IdleConnTimeout != def.IdleConnTimeout || tr.TLSHandshakeTimeout != def.TLSHandshakeTimeout ||
		tr.MaxIdleConns != def.MaxIdleConns || tr.ForceAttemptHTTP2 != def.ForceAttemptHTTP2 {
		t.Errorf("defaultTransport lost http.DefaultTransport's settings: %+v", tr)
	}
}
