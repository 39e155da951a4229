# Runs Python scripts for the tests, each in a process of its own, without paying for
# `import torch` (about a second of CPU) once per script: this server imports the modules named
# on its command line once, then forks a child per script. The child starts as a copy of the
# server (those modules already imported, so the script's own `import torch` is instant) and
# runs the script as `python3 -` would, as __main__; nothing it does reaches the next script.
#
# Protocol, over stdin and stdout: a request is a line with the script's length in bytes, then
# the script; the reply is a line with the length of a JSON object, then the object:
# {"status": exit status, "stdout": ..., "stderr": ...}. Used by tests/support/python-runner.mjs.
import importlib
import json
import os
import sys
import tempfile

for name in sys.argv[1:]:
    importlib.import_module(name)


def run_child(script: bytes, out_path: str, err_path: str) -> None:
    """In the forked child: the script as __main__, its output to the two files."""
    out = os.open(out_path, os.O_WRONLY)
    err = os.open(err_path, os.O_WRONLY)
    os.dup2(out, 1)
    os.dup2(err, 2)
    sys.stdout = os.fdopen(1, 'w', closefd=False)
    sys.stderr = os.fdopen(2, 'w', closefd=False)
    status = 0
    try:
        exec(compile(script, '<stdin>', 'exec'), {'__name__': '__main__', '__builtins__': __builtins__})
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:  # the traceback python3 would print, and its exit status
        import traceback
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


requests = sys.stdin.buffer
replies = sys.stdout.buffer
while True:
    header = requests.readline()
    if not header:
        break
    script = requests.read(int(header))
    with tempfile.TemporaryDirectory() as folder:
        out_path, err_path = os.path.join(folder, 'out'), os.path.join(folder, 'err')
        open(out_path, 'w').close()
        open(err_path, 'w').close()
        child = os.fork()
        if child == 0:
            run_child(script, out_path, err_path)
        _, wait_status = os.waitpid(child, 0)
        with open(out_path, encoding='utf-8', errors='replace') as f:
            stdout = f.read()
        with open(err_path, encoding='utf-8', errors='replace') as f:
            stderr = f.read()
    reply = json.dumps({'status': os.waitstatus_to_exitcode(wait_status), 'stdout': stdout, 'stderr': stderr}).encode()
    replies.write(b'%d\n' % len(reply))
    replies.write(reply)
    replies.flush()
