package main

// The container image (internal/image) holds no CA certificate files; with
// this package linked, Go verifies the Datadog intake's and API's
// certificates against Mozilla's roots built into the binary whenever the
// system offers none. A system's own roots, where there are some, still
// win.
import _ "golang.org/x/crypto/x509roots/fallback"
