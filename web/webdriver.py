"""A small WebDriver client (the W3C protocol over HTTP, standard library
only) for Chromium driven by chromedriver, and a static file server: what
test_page.py needs, and nothing downloaded."""

import base64
import functools
import http.server
import json
import os
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

# W3C WebDriver's key for an element reference.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def log_message(self, *args):
        pass


class StaticServer:
    """Serves a folder on 127.0.0.1 until stopped, counting requests."""

    def __init__(self, folder):
        self.requests = []
        server = self

        class Handler(QuietHandler):
            def do_GET(self):
                server.requests.append(self.path)
                super().do_GET()

        handler = functools.partial(Handler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class WebDriverError(Exception):
    pass


class Browser:
    """One Chromium session through a chromedriver this object starts."""

    def __init__(self, chromium="/usr/bin/chromium", driver="/usr/bin/chromedriver"):
        self.port = free_port()
        self.profile = tempfile.mkdtemp(prefix="urlsyntax-web-")
        self.driver = subprocess.Popen(
            [driver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 30
        while True:
            try:
                if self._http("GET", "/status")["value"]["ready"]:
                    break
            except (OSError, WebDriverError):
                pass
            if time.time() > deadline:
                self.driver.kill()
                raise WebDriverError("chromedriver did not start")
            time.sleep(0.1)
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": chromium,
                        "args": CHROMIUM_FLAGS + [f"--user-data-dir={self.profile}"],
                    },
                    "goog:loggingPrefs": {"browser": "ALL"},
                }
            }
        }
        try:
            self.session = self._http("POST", "/session", caps)["value"]["sessionId"]
        except Exception:
            self.driver.kill()
            raise

    def _http(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.read().decode(errors='replace')[:2000]}")

    def cmd(self, method, path, body=None):
        return self._http(method, f"/session/{self.session}{path}", body)["value"]

    def go(self, url):
        self.cmd("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        return self.cmd("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def clear(self, css):
        self.cmd("POST", f"/element/{self.find(css)}/clear", {})

    def type(self, css, text):
        self.cmd("POST", f"/element/{self.find(css)}/value", {"text": text})

    def click(self, css):
        self.cmd("POST", f"/element/{self.find(css)}/click", {})

    def keys(self, *keys):
        """Presses and releases each key in turn (WebDriver's key codes:
        Tab is \ue004, ArrowDown \ue015), on the focused element."""
        actions = []
        for k in keys:
            actions += [{"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]
        self.cmd("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def wait(self, script, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.js(script):
                return
            time.sleep(0.05)
        raise WebDriverError(f"timed out waiting for: {script}")

    def screenshot(self, path):
        png = base64.b64decode(self.cmd("GET", "/screenshot"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(png)
        return len(png)

    def window(self, width, height):
        self.cmd("POST", "/window/rect", {"width": width, "height": height})

    def console(self):
        """The browser's console entries since the last call."""
        return self.cmd("POST", "/se/log", {"type": "browser"})

    def quit(self):
        try:
            self.cmd("DELETE", "")
        finally:
            self.driver.terminate()
            try:
                self.driver.wait(10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
