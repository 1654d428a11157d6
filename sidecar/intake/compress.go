package intake

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
)

// Content-Encoding values the sink can send. Datadog's v2 OpenAPI document
// (components.schemas.ContentEncoding, the Content-Encoding parameter of
// POST /api/v2/logs) allows identity, gzip and deflate; zstd, which the
// Agent uses on another endpoint, is not in it, so it is not offered.
const (
	EncodingGzip     = "gzip"
	EncodingDeflate  = "deflate" // zlib (RFC 1950), as HTTP means it
	EncodingIdentity = "identity"
)

// DefaultCompressionLevel is the level the sink compresses at unless told
// otherwise. BenchmarkCompress measures CPU against bytes on the wire per
// level on the corpus; the README's "Shipping to Datadog" gives the table
// behind the choice.
const DefaultCompressionLevel = 1

// compressor compresses request bodies, reusing its writer and output
// buffer from one body to the next: each sender owns one, so nothing is
// allocated per request once the buffer has grown to a batch's size.
type compressor struct {
	encoding string
	w        interface {
		io.WriteCloser
		Reset(io.Writer)
	}
	out bytes.Buffer
}

func newCompressor(encoding string, level int) (*compressor, error) {
	c := &compressor{encoding: encoding}
	var err error
	switch encoding {
	case EncodingGzip:
		c.w, err = gzip.NewWriterLevel(io.Discard, level)
	case EncodingDeflate:
		c.w, err = zlib.NewWriterLevel(io.Discard, level)
	case EncodingIdentity:
	default:
		return nil, fmt.Errorf("intake: Content-Encoding %q is not gzip, deflate or identity (the ones the intake's spec allows)", encoding)
	}
	if err != nil {
		return nil, fmt.Errorf("intake: %s level %d: %w", encoding, level, err)
	}
	return c, nil
}

// compress returns p encoded; the result is valid until the next call.
func (c *compressor) compress(p []byte) []byte {
	if c.w == nil {
		return p
	}
	c.out.Reset()
	c.w.Reset(&c.out)
	// Writes to a bytes.Buffer do not fail.
	c.w.Write(p)
	c.w.Close()
	return c.out.Bytes()
}
