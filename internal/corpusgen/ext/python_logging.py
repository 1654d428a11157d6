# Drives CPython's logging module for internal/corpusgen: the log goes to
# stderr exactly as logging writes it, and for every call a JSON report
# ({"lines", "format", "level", "call"}) goes to the file $CORPUSGEN_REPORT. The level in a
# report is the level of the call made, never read back from the output.
# The last step of each mode raises an exception nobody catches; the
# generator covers the traceback sys.excepthook writes with its tail record.
import json
import logging
import os
import sys


class Counter:
    """stderr, counting the newlines written through it."""

    def __init__(self, w):
        self.w, self.n = w, 0

    def write(self, s):
        self.n += s.count("\n")
        self.w.write(s)
        self.w.flush()
        return len(s)

    def flush(self):
        self.w.flush()


err = Counter(sys.stderr)
sys.stderr = err
report = open(os.environ["CORPUSGEN_REPORT"], "w")

LEVEL = {logging.DEBUG: "debug", logging.INFO: "info", logging.WARNING: "warning",
         logging.ERROR: "error", logging.CRITICAL: "critical"}


def rec(level, call, fn, fmt="python"):
    before = err.n
    fn()
    print(json.dumps({"lines": err.n - before, "format": fmt, "level": LEVEL.get(level, ""), "call": call}),
          file=report, flush=True)


class PoolError(Exception):
    pass


def fail():
    raise ValueError("invalid literal for int() with base 10: 'abc'")


def chained():
    try:
        {}["user_id"]
    except KeyError:
        fail()


def caused():
    try:
        fail()
    except ValueError as e:
        raise PoolError("connection pool exhausted") from e


def run(log, db, name, first=None):
    """The calls every mode makes, at every level, through two loggers;
    first, when given, makes the mode's own calls before them."""
    # A line no logger wrote comes first: after a record, the parser takes
    # any line that is no record head as the record's (a multi-line
    # message's lines are as plain), as it does for Go's loggers.
    rec(0, "print(file=sys.stderr): no logger", lambda: print("migrations: 12 applied", file=sys.stderr), fmt="")
    if first:
        first()
    rec(logging.DEBUG, name + " debug", lambda: log.debug("loaded 3 plugins from /etc/app/plugins.d"))
    rec(logging.INFO, name + " info", lambda: log.info("Starting worker pool with 4 workers"))
    rec(logging.INFO, name + " info, a level word inside", lambda: db.info("retrying after ERROR 1205 from the primary"))
    rec(logging.WARNING, name + " warning", lambda: db.warning("slow query took 2.35s: SELECT * FROM items"))
    rec(logging.ERROR, name + " error", lambda: log.error("job 42 failed: exit status 2"))
    rec(logging.CRITICAL, name + " critical", lambda: log.critical("cannot write to /var/lib/app: disk full"))
    rec(logging.CRITICAL, name + " fatal (an alias of critical)", lambda: log.fatal("giving up after 5 attempts"))
    rec(logging.WARNING, name + " warn (an alias of warning)", lambda: log.log(logging.WARN, "cache miss ratio 0.92 above 0.80"))
    rec(logging.INFO, name + " multi-line message", lambda: log.info("config loaded:\n  workers: 4\n  timeout: 30s"))

    def logged(level, call, raising, log_it):
        """A call made in the handler of the exception raising() raises."""
        def f():
            try:
                raising()
            except Exception:
                log_it()
        rec(level, name + " " + call, f)
    logged(logging.ERROR, "exception() with its traceback", fail, lambda: log.exception("request handler failed"))
    logged(logging.ERROR, "error(exc_info=True), a chained exception", chained,
           lambda: db.error("while looking up the session", exc_info=True))
    logged(logging.CRITICAL, "critical(exc_info=True), an exception with its cause", caused,
           lambda: log.critical("database unavailable", exc_info=True))
    logged(logging.WARNING, "warning(exc_info=True)", fail,
           lambda: db.warning("falling back to the default page size", exc_info=True))
    rec(logging.INFO, name + " root logger", lambda: logging.info("shutting down"))
    rec(logging.INFO, name + " info before the crash", lambda: log.info("reloading"))
    caused()


def main():
    mode = sys.argv[1]
    if mode == "default":
        logging.basicConfig(level=logging.DEBUG, stream=err)
    elif mode == "dash":
        logging.basicConfig(level=logging.DEBUG, stream=err,
                            format="%(asctime)s - %(name)s - %(levelname)s - %(message)s")
    elif mode == "level":
        logging.basicConfig(level=logging.DEBUG, stream=err, format="%(asctime)s %(levelname)s %(message)s")
    elif mode == "level-padded":
        logging.basicConfig(level=logging.DEBUG, stream=err,
                            format="%(asctime)s %(levelname)-8s %(name)s: %(message)s")
    elif mode == "name-level":
        # The logger's name before the padded level, as Arches logs
        # (archesproject/arches#12214).
        logging.basicConfig(level=logging.DEBUG, stream=err,
                            format="%(asctime)s %(name)s %(levelname)-8s %(message)s")
    elif mode == "level-colon":
        # Patroni's (patroni/log.py), which Spilo and the Zalando
        # postgres-operator's pods write to stderr.
        logging.basicConfig(level=logging.DEBUG, stream=err,
                            format="%(asctime)s %(levelname)s: %(message)s")
    elif mode == "celery":
        # Celery's worker_log_format and worker_task_log_format defaults
        # (celery/app/defaults.py), which its worker sets up on stderr.
        logging.basicConfig(level=logging.DEBUG, stream=err,
                            format="[%(asctime)s: %(levelname)s/%(processName)s] %(message)s")
        task = logging.getLogger("tasks.resize")
        task.propagate = False
        h = logging.StreamHandler(err)
        h.setFormatter(logging.Formatter(
            "[%(asctime)s: %(levelname)s/%(processName)s] %(task_name)s[%(task_id)s]: %(message)s"))

        class TaskFilter(logging.Filter):
            def filter(self, record):
                record.task_name, record.task_id = "tasks.resize", "6a1f3c2e-9b7d-4e5a-8c1b-2d3e4f5a6b7c"
                return True
        h.addFilter(TaskFilter())
        task.addHandler(h)

        def first():
            rec(logging.INFO, "celery task logger info", lambda: task.info("resizing image 42 to 640x480"))
            rec(logging.ERROR, "celery task logger error", lambda: task.error("image 42 not found in bucket uploads"))
        run(logging.getLogger("app"), logging.getLogger("app.db"), "logging " + mode, first)
        return
    elif mode in ("airflow", "airflow-asctime", "airflow-1.10"):
        # Airflow's log_format default ("[%(asctime)s] {%(filename)s:%(lineno)d}
        # %(levelname)s - %(message)s", airflow/config_templates/config.yml),
        # which its console handler writes to stdout in every Airflow pod.
        # From 2.4 its formatter is airflow.utils.log.timezone_aware.TimezoneAware:
        # asctime in ISO 8601 with milliseconds and the UTC offset, written
        # here after that class (Airflow and pendulum install from no
        # package here); before, logging's own asctime.
        fmt = "[%(asctime)s] {%(filename)s:%(lineno)d} %(levelname)s - %(message)s"
        if mode == "airflow-1.10":
            # 1.10's default_airflow.cfg escaped the braces for its
            # templating, and its images logged them doubled.
            fmt = "[%(asctime)s] {{%(filename)s:%(lineno)d}} %(levelname)s - %(message)s"
        formatter = logging.Formatter(fmt)
        if mode == "airflow":
            import datetime

            class TimezoneAware(logging.Formatter):
                default_time_format = "%Y-%m-%dT%H:%M:%S"
                default_msec_format = "%s.%03d"
                default_tz_format = "%z"

                def formatTime(self, record, datefmt=None):
                    dt = datetime.datetime.fromtimestamp(record.created).astimezone()
                    s = dt.strftime(datefmt or self.default_time_format)
                    if self.default_msec_format:
                        s = self.default_msec_format % (s, record.msecs)
                    if self.default_tz_format:
                        s += dt.strftime(self.default_tz_format)
                    return s
            formatter = TimezoneAware(fmt)
        h = logging.StreamHandler(err)
        h.setFormatter(formatter)
        logging.basicConfig(level=logging.DEBUG, handlers=[h])
    elif mode in ("tornado", "jupyter-server", "jupyterhub"):
        # tornado.log.LogFormatter (Debian's python3-tornado), uncoloured
        # as on a pipe: Tornado's default layout, and the log_format and
        # log_datefmt defaults of Jupyter Server's and JupyterHub's
        # Application, which format through it.
        from tornado.log import LogFormatter
        fmts = {
            "jupyter-server": "%(color)s[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s]%(end_color)s %(message)s",
            "jupyterhub": "%(color)s[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s %(module)s:%(lineno)d]%(end_color)s %(message)s",
        }
        if mode == "tornado":
            formatter = LogFormatter(color=False)
        else:
            formatter = LogFormatter(fmt=fmts[mode], datefmt="%Y-%m-%d %H:%M:%S", color=False)
        h = logging.StreamHandler(err)
        h.setFormatter(formatter)
        logging.basicConfig(level=logging.DEBUG, handlers=[h])
    else:
        sys.exit("unknown mode " + mode)
    run(logging.getLogger("app"), logging.getLogger("app.db"), "logging " + mode)


main()
