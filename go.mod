module github.com/relevel/relevel

go 1.26

require (
	github.com/go-logr/logr v1.4.4
	github.com/go-logr/zapr v1.3.0
	github.com/sirupsen/logrus v1.10.2
	github.com/vjeantet/grok v1.0.1
	go.uber.org/zap v1.28.0
	k8s.io/klog/v2 v2.140.0
)

require (
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/sys v0.13.0 // indirect
)
