package corpusgen

import (
	"errors"
	"io"
	"log/slog"
	"math/big"
	"regexp"
	"time"

	gethlog "github.com/ethereum/go-ethereum/log"
	"github.com/inconshreveable/log15"
)

const (
	modLog15 = "github.com/inconshreveable/log15"
	modGeth  = "github.com/ethereum/go-ethereum"
)

// log15Call records one call to a log15 logger at lvl.
func log15Call(r *recorder, l log15.Logger, lvl log15.Lvl, msg string, ctx ...any) {
	var level, name string
	var fn func(string, ...any)
	switch lvl {
	case log15.LvlDebug:
		level, name, fn = LevelDebug, "log15.Logger.Debug", l.Debug
	case log15.LvlInfo:
		level, name, fn = LevelInfo, "log15.Logger.Info", l.Info
	case log15.LvlWarn:
		level, name, fn = LevelWarning, "log15.Logger.Warn", l.Warn
	case log15.LvlError:
		level, name, fn = LevelError, "log15.Logger.Error", l.Error
	case log15.LvlCrit:
		level, name, fn = LevelCritical, "log15.Logger.Crit", l.Crit
	}
	r.call(FormatLog15, level, name, func() { fn(msg, ctx...) })
}

// log15Variety logs through l (a TerminalFormat handler) at every level:
// short messages padded to 40 columns before their pairs, long ones not, a
// message without pairs (log15 still writes the space after it), values
// log15 quotes, numbers, errors, times, a logger with context, and a
// multi-line message, written raw with its pairs after the last line.
func log15Variety(r *recorder, l log15.Logger) {
	log15Call(r, l, log15.LvlInfo, "Starting peer-to-peer node", "instance", "Geth/v1.7.3-stable/linux-amd64/go1.9.2")
	log15Call(r, l, log15.LvlDebug, "cache miss", "key", "user:42", "size", 512)
	log15Call(r, l, log15.LvlInfo, "Block synchronisation started")
	log15Call(r, l, log15.LvlWarn, "Synchronisation failed, dropping peer", "peer", "66d66a505191f82d", "err", errors.New("action from bad peer ignored"))
	log15Call(r, l, log15.LvlError, "request failed", "path", "/v1/items", "status", 503, "took", 1.5, "retry", true)
	log15Call(r, l, log15.LvlInfo, "a message that is longer than the forty columns log15 pads to", "k", "v")
	log15Call(r, l, log15.LvlInfo, "quoting", "spaced", "a b", "eq", "x=y", "quote", `say "hi"`, "empty", "", "nil", nil)
	log15Call(r, l, log15.LvlInfo, "time value", "at", time.Date(2026, 11, 30, 4, 41, 36, 0, time.UTC))
	p2p := l.New("module", "p2p")
	log15Call(r, p2p, log15.LvlDebug, "Adding p2p peer", "id", "1a2b3c4d", "addr", "10.0.0.7:30303")
	log15Call(r, p2p, log15.LvlWarn, "Peer dropped", "id", "1a2b3c4d", "reason", "too many peers")
	log15Call(r, l, log15.LvlError, "Failed to import block\nafter 3 attempts", "number", 3, "err", "unknown ancestor")
	log15Call(r, l, log15.LvlCrit, "Database corrupted", "path", "/data/chaindata")
}

// genLog15Terminal: log15's TerminalFormat, which colours every known level.
func genLog15Terminal(r *recorder) {
	l := log15.New()
	l.SetHandler(log15.StreamHandler(r, log15.TerminalFormat()))
	log15Variety(r, l)
}

// ansiStripper removes ANSI colour sequences from what passes through it,
// as a terminal copy, a paste into an issue or "sed" does.
type ansiStripper struct{ w io.Writer }

var ansiSeq = regexp.MustCompile("\x1b\\[[0-9;]*m")

func (s ansiStripper) Write(p []byte) (int, error) {
	if _, err := s.w.Write(ansiSeq.ReplaceAll(p, nil)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// genLog15TerminalStripped: the same, its colours removed on the way.
func genLog15TerminalStripped(r *recorder) {
	l := log15.New()
	l.SetHandler(log15.StreamHandler(ansiStripper{r}, log15.TerminalFormat()))
	log15Variety(r, l)
}

// gethCall records one call to a go-ethereum logger at lvl; Crit is logged
// through Write, which does not exit.
func gethCall(r *recorder, l gethlog.Logger, lvl slog.Level, msg string, ctx ...any) {
	var level, name string
	switch lvl {
	case gethlog.LevelTrace:
		level, name = LevelDebug, "log.Logger.Trace"
	case slog.LevelDebug:
		level, name = LevelDebug, "log.Logger.Debug"
	case slog.LevelInfo:
		level, name = LevelInfo, "log.Logger.Info"
	case slog.LevelWarn:
		level, name = LevelWarning, "log.Logger.Warn"
	case slog.LevelError:
		level, name = LevelError, "log.Logger.Error"
	case gethlog.LevelCrit:
		level, name = LevelCritical, "log.Logger.Write(LevelCrit) (Crit without the exit)"
	}
	r.call(FormatLog15, level, "go-ethereum "+name, func() { l.Write(lvl, msg, ctx...) })
}

// gethVariety logs through l as geth does: a level column five wide, the
// message padded to 40 columns, numbers with thousands separators, values
// padded to the widest seen for their key, messages quoted when they hold
// '=', and a multi-line message.
func gethVariety(r *recorder, l gethlog.Logger) {
	gethCall(r, l, slog.LevelInfo, "Starting Geth on Ethereum mainnet...")
	gethCall(r, l, slog.LevelInfo, "Maximum peer count", "ETH", 50, "total", 50)
	gethCall(r, l, gethlog.LevelTrace, "Discarded propagated block", "number", uint64(19647336), "hash", "0xabc1…7afd5e")
	gethCall(r, l, slog.LevelDebug, "Served eth_call", "reqid", 7, "duration", 1200*time.Microsecond)
	gethCall(r, l, slog.LevelInfo, "Imported new chain segment", "number", uint64(19647336), "blocks", 1, "txs", 140, "mgas", 11.532, "elapsed", 98*time.Millisecond)
	gethCall(r, l, slog.LevelInfo, "Imported new chain segment", "number", uint64(19647337), "blocks", 12, "txs", 9, "mgas", 1.2, "elapsed", 1500*time.Millisecond)
	gethCall(r, l, slog.LevelWarn, "Synchronisation failed, dropping peer", "peer", "66d66a505191f82d", "err", errors.New("retrieved hash chain is invalid"))
	gethCall(r, l, slog.LevelError, "Ethereum peer removal failed", "peer", "0d1c47ab", "err", errors.New("peer not registered"))
	gethCall(r, l, slog.LevelInfo, "Total difficulty", "td", new(big.Int).Exp(big.NewInt(10), big.NewInt(22), nil))
	gethCall(r, l, slog.LevelInfo, "Config: x=1", "source", "toml")
	gethCall(r, l, slog.LevelWarn, "Unclean shutdown detected\nbooted at 2026-11-30 04:41:36", "count", 2)
	gethCall(r, l.With("module", "eth"), slog.LevelDebug, "Handling message", "code", 2, "size", "1.2KiB")
	gethCall(r, l, gethlog.LevelCrit, "Failed to open database", "err", errors.New("leveldb: manifest corrupted"))
}

// genGethTerminal: go-ethereum's log.NewTerminalHandler without colour, as
// geth writes to a file or a pipe.
func genGethTerminal(r *recorder) {
	gethVariety(r, gethlog.NewLogger(gethlog.NewTerminalHandlerWithLevel(r, gethlog.LevelTrace, false)))
}

// genGethTerminalColor: the same with colour, as on a terminal.
func genGethTerminalColor(r *recorder) {
	gethVariety(r, gethlog.NewLogger(gethlog.NewTerminalHandlerWithLevel(r, gethlog.LevelTrace, true)))
}

// genLog15Pasted: lines people pasted into public issues of go-ethereum
// and BNB Chain, from geth versions the module above no longer is: 1.7's
// time without milliseconds, 1.10's quoted hash values, a location column
// (--debug before 1.14), padded pair values.
func genLog15Pasted(r *recorder) {
	for _, c := range []struct{ level, writer, line string }{
		{LevelInfo, "geth 1.7 (ethereum/go-ethereum#15437)", "INFO [11-07|04:02:00] Imported new chain segment               blocks=4  txs=42  mgas=1.838 elapsed=2m22.439s mgasps=0.013 number=2429456 hash=ec64dc…ab857a"},
		{LevelInfo, "geth 1.7 (ethereum/go-ethereum#15437)", "INFO [11-07|04:02:49] Regenerated local transaction journal    transactions=0 accounts=0"},
		{LevelWarning, "geth 1.8 (ethereum/go-ethereum#16887)", `WARN [06-04|14:14:23] Synchronisation failed, dropping peer    peer=7d430cf25060b77d err=timeout`},
		{LevelInfo, "geth 1.8 (ethereum/go-ethereum#18265)", "INFO [12-10|03:07:30.248] New local node record                    seq=5 id=6569c74f7056a4f8 ip=127.0.0.1 udp=30303 tcp=30303"},
		{LevelInfo, "geth 1.8 (ethereum/go-ethereum#18265)", "INFO [12-10|03:07:30.250] IPC endpoint opened"},
		{LevelInfo, "geth 1.10 (ethereum/go-ethereum#22502)", `INFO [03-16|07:15:04.182] Imported new chain segment               blocks=9       txs=1840      mgas=112.217 elapsed=8.914s       mgasps=12.588 number=12010684 hash="5749f2…a744cc" age=5d19h12m dirty=808.46MiB`},
		{LevelInfo, "bsc (bnb-chain/bsc#1106)", "INFO [12-04|21:58:48.034] Block synchronisation started "},
		{LevelError, "bsc (bnb-chain/bsc#220)", `ERROR[06-01|08:15:07.814] Ethereum peer removal failed             peer=0d1c47ab err="peer not registered"`},
		{LevelWarning, "bsc (bnb-chain/bsc#220)", `WARN [06-01|08:20:10.013] Ancestor below allowance                 peer=70da9d0e number=10,253,166 hash=000000..000000 allowance=10,253,166`},
		{LevelWarning, "geth --debug before 1.14 (log15 fork's location column)", `WARN [08-27|18:03:27.580|p2p/server.go:734]       Peer dropped                             id=1a2b3c4d err=timeout`},
		{LevelDebug, "geth --debug before 1.14 (log15 fork's location column)", `DEBUG[08-27|18:03:27.581|eth/downloader/downloader.go:1441] Inserting downloaded chain               items=192`},
	} {
		handLine(r, FormatLog15, c.level, c.writer, c.line)
	}
}

func log15Streams() []*stream {
	return []*stream{
		{logger: "log15", name: "terminal-format", modules: []string{modLog15},
			desc: "log15 StreamHandler with TerminalFormat, which colours every level (\"ESC[32mINFOESC[0m[11-30|04:41:36] msg<pad 40> ESC[32mkESC[0m=v\")", run: genLog15Terminal},
		{logger: "log15", name: "terminal-format-stripped", modules: []string{modLog15},
			desc: "the same calls with the colour sequences removed on the way (by the generator, as a terminal copy or a paste does): \"INFO[11-30|04:41:36] msg k=v\"", run: genLog15TerminalStripped},
		{logger: "log15", name: "geth-terminal", modules: []string{modGeth},
			desc: "go-ethereum log.NewTerminalHandler without colour, as geth writes to a pipe: \"INFO [11-30|04:41:36.123] msg<pad 40> k=v\"", run: genGethTerminal},
		{logger: "log15", name: "geth-terminal-color", modules: []string{modGeth},
			desc: "go-ethereum log.NewTerminalHandler with colour", run: genGethTerminalColor},
		{logger: "log15", name: "pasted-geth", modules: []string{modStd},
			desc: "HAND-WRITTEN lines: go-ethereum and BNB Chain terminal lines pasted into public issues (geth 1.7 without milliseconds, 1.8, 1.10, bsc), and the location column of geth --debug before 1.14 typed from its log15 fork's TerminalFormat", run: genLog15Pasted},
	}
}
