# The WSGI application python_servers.py serves with gunicorn.
import time


def app(environ, start_response):
    path = environ["PATH_INFO"]
    if path == "/boom":
        raise RuntimeError("database connection lost")
    if path == "/slow":
        time.sleep(5)
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]
