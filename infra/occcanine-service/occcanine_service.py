#!/usr/bin/env python3
"""OccCANINE as an HTTP service: the contract of workers/src/prediction-services/occcanine-coder.ts.

    POST /predict (or /)  {"titles": ["smed", "farmer"], "lang": "da" | ["da", "en"], "k": 5}
    -> 200 [{"occ1": "smed", "lang": "da", "hisco_1": "83110", "prob_1": 0.97, "desc_1": "...", ..., "hisco_k", "prob_k", "desc_k"}, ...]
       one row per title, in order; a slot OccCANINE leaves empty has hisco null, prob null, desc "No pred".
    GET /health -> 200 {"status": "ok", "predictor": "occcanine" | "table", ...}
    Errors are JSON, {"error": {"message": "..."}}: 400 malformed request, 404, 405, 411, 413, 500 predictor failure.

Languages are mapped to OccCANINE's own codes (sv -> se, de -> ge, el -> gr, nb -> no, ...; anything it was
not trained on -> unk). Titles are coded with OccCANINE's `predict(occ1, lang=..., what="pred",
prediction_type="flat"|"full", k_pred=k, threshold=...)`: without a threshold OccCANINE uses its own
per-language threshold and codes one language per call, so titles are grouped by language (order kept);
with a threshold, one call takes the per-title language list. Calls hold at most --batch-size titles.

`--table FILE` replaces the model by a CSV table (title,lang?,hisco_1,prob_1,desc_1,...) answering in
OccCANINE's layout and with its rules; everything else is the same code path. Only stdlib is needed then;
the model needs `histocc` (requirements.txt), imported only when it is used.
"""

import argparse
import csv
import json
import math
import os
import signal
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The 13 languages OccCANINE was trained on, in its own codes (GETTING_STARTED.md), and "unk".
OCCCANINE_LANGS = {"en", "da", "se", "nl", "ca", "fr", "no", "is", "pt", "ge", "es", "it", "gr", "unk"}

# ISO 639-1/639-2/639-3 codes whose OccCANINE code differs, or that it reads as the same language.
LANG_ALIASES = {
    "eng": "en", "dan": "da", "sv": "se", "swe": "se", "nld": "nl", "dut": "nl", "cat": "ca",
    "fra": "fr", "fre": "fr", "nb": "no", "nn": "no", "nob": "no", "nno": "no", "nor": "no",
    "isl": "is", "ice": "is", "por": "pt", "de": "ge", "deu": "ge", "ger": "ge", "spa": "es",
    "ita": "it", "el": "gr", "ell": "gr", "gre": "gr",
}

# OccCANINE's per-language thresholds (histocc/prediction_assets.py THRESHOLD_LOOKUP, histocc 0.2.1),
# used by the table predictor as the model uses them.
THRESHOLD_LOOKUP = {
    "unk": 0.31, "ca": 0.3, "da": 0.24, "ge": 0.21, "en": 0.26, "es": 0.3, "fr": 0.21, "gr": 0.19,
    "is": 0.17, "it": 0.2, "nl": 0.22, "no": 0.34, "pt": 0.27, "se": 0.26,
}

PREDICTION_TYPES = ("flat", "full")
MAX_K = 20


def occcanine_lang(code):
    """OccCANINE's code for a language code (case and region ignored: en-GB -> en); unk when it has none."""
    if not isinstance(code, str):
        return "unk"
    text = code.strip().lower().replace("_", "-").split("-")[0]
    text = LANG_ALIASES.get(text, text)
    return text if text in OCCCANINE_LANGS else "unk"


def prep_title(title):
    """OccCANINE's cleaning of a title (_prep_str: lower case, unidecode), with stdlib: accents dropped."""
    text = unicodedata.normalize("NFKD", str(title).lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


class RequestError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def parse_request(body, max_titles):
    """The request's titles, OccCANINE languages (one per title) and k; RequestError(400/413) when malformed."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RequestError(400, "The body is not JSON.")
    if not isinstance(data, dict):
        raise RequestError(400, 'The body must be an object: {"titles": [...], "lang": "en", "k": 5}.')
    titles = data.get("titles")
    if not isinstance(titles, list) or not all(isinstance(title, str) for title in titles):
        raise RequestError(400, '"titles" must be a list of strings.')
    if len(titles) > max_titles:
        raise RequestError(413, "%d titles in one request; at most %d." % (len(titles), max_titles))
    lang = data.get("lang", "unk")
    if lang is None or isinstance(lang, str):
        langs = [occcanine_lang(lang)] * len(titles)
    elif isinstance(lang, list):
        if len(lang) != len(titles):
            raise RequestError(400, '"lang" as a list must have one entry per title (%d for %d titles).' % (len(lang), len(titles)))
        if not all(entry is None or isinstance(entry, str) for entry in lang):
            raise RequestError(400, '"lang" entries must be language codes or null.')
        langs = [occcanine_lang(entry) for entry in lang]
    else:
        raise RequestError(400, '"lang" must be a language code or a list of them, one per title.')
    k = data.get("k", 5)
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise RequestError(400, '"k" must be a whole number from 1 to %d.' % MAX_K)
    return titles, langs, k


def plan_calls(langs, threshold, batch_size):
    """The predict calls for titles with these languages: (indices, lang as a string or a per-title list).

    Without a threshold OccCANINE picks its per-language one and refuses several languages in one call,
    so indices are grouped by language (languages in order of first appearance); with one, a call may mix
    languages. Each call holds at most batch_size titles.
    """
    if threshold is None:
        groups = {}
        for index, lang in enumerate(langs):
            groups.setdefault(lang, []).append(index)
        calls = []
        for lang, indices in groups.items():
            for start in range(0, len(indices), batch_size):
                calls.append((indices[start:start + batch_size], lang))
        return calls
    calls = []
    for start in range(0, len(langs), batch_size):
        indices = list(range(start, min(start + batch_size, len(langs))))
        chunk = [langs[i] for i in indices]
        calls.append((indices, chunk[0] if len(set(chunk)) == 1 else chunk))
    return calls


def to_records(result):
    """predict's answer as a list of dicts (a pandas DataFrame from the model, a list from the table)."""
    if hasattr(result, "to_dict"):
        return result.to_dict("records")
    return list(result)


def clean_number(value):
    """A probability as a JSON number, or None for NaN/missing (JSON has no NaN)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def clean_code(value):
    """A code as OccCANINE writes it ("83110", "-0001"), or None for an empty slot (NaN, "nan", "No pred")."""
    if value is None:
        return None
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        value = int(value) if value.is_integer() else value
    text = str(value).strip()
    if not text or text.lower() in ("nan", "none", "no pred"):
        return None
    return text


def build_row(title, lang, record, k):
    row = {"occ1": title, "lang": lang}
    for j in range(1, k + 1):
        code = clean_code(record.get("hisco_%d" % j))
        prob = clean_number(record.get("prob_%d" % j))
        if code is None or prob is None:
            row.update({"hisco_%d" % j: None, "prob_%d" % j: None, "desc_%d" % j: "No pred"})
        else:
            desc = record.get("desc_%d" % j)
            blank = desc is None or (isinstance(desc, float) and not math.isfinite(desc))
            row.update({"hisco_%d" % j: code, "prob_%d" % j: prob, "desc_%d" % j: "" if blank else str(desc)})
    return row


class Coder:
    """Codes a request's titles with a predictor, in calls planned by plan_calls, one call at a time."""

    def __init__(self, predictor, prediction_type="flat", threshold=None, batch_size=256):
        self.predictor = predictor
        self.prediction_type = prediction_type
        self.threshold = threshold
        self.batch_size = batch_size
        self.lock = threading.Lock()
        self.calls = 0

    def code(self, titles, langs, k):
        records = [None] * len(titles)
        for indices, lang in plan_calls(langs, self.threshold, self.batch_size):
            with self.lock:
                result = self.predictor.predict(
                    [titles[i] for i in indices], lang=lang, what="pred", threshold=self.threshold,
                    prediction_type=self.prediction_type, k_pred=k,
                )
                self.calls += 1
            answer = to_records(result)
            if len(answer) != len(indices):
                raise RuntimeError("predict answered %d rows for %d titles." % (len(answer), len(indices)))
            for index, record in zip(indices, answer):
                records[index] = record
        return [build_row(title, lang, record, k) for title, lang, record in zip(titles, langs, records)]


class ModelPredictor:
    """OccCANINE itself (histocc): a Hugging Face model name or a local checkpoint file."""

    kind = "occcanine"

    def __init__(self, name, device, batch_size, prediction_type):
        from histocc import OccCANINE  # noqa: imported only when the model is used

        local = os.path.isfile(name)
        self.model = OccCANINE(name=name, device=device, batch_size=batch_size, hf=not local, verbose=False)
        self.device = str(self.model.device)
        # OccCANINE's own rule (_prediction_type_compatible): a flat model has no decoder, a seq2seq one no flat head.
        compatible = {"flat": ("flat",), "seq2seq": ("full",), "mix": ("flat", "full")}
        if prediction_type not in compatible.get(self.model.model_type, ()):
            raise SystemExit("%s is a %s model: --prediction-type %s does not apply to it (use %s)." % (
                name, self.model.model_type, prediction_type, " or ".join(compatible.get(self.model.model_type, ("?",)))))

    def predict(self, occ1, **options):
        return self.model.predict(occ1, **options)


class TablePredictor:
    """A CSV table in OccCANINE's place (tests, demos): answers predict as OccCANINE does, from the table.

    Columns: title (or occ1), optional lang (OccCANINE's codes; empty = any language), hisco_1, prob_1,
    desc_1, ... A title is looked up cleaned as OccCANINE cleans it, by (title, lang) first, then
    (title, any). Rows are OccCANINE's: occ1 "lang[SEP]title", then hisco_j/prob_j/desc_j, a slot at or
    below the threshold (given, or the language's own) or missing being NaN/"No pred"; several languages
    without a threshold are refused as OccCANINE refuses them.
    """

    kind = "table"
    device = "cpu"

    def __init__(self, path):
        self.entries = {}
        with open(path, newline="", encoding="utf-8") as file:
            reader = csv.DictReader(file)
            fields = reader.fieldnames or []
            title_column = "title" if "title" in fields else "occ1" if "occ1" in fields else None
            if title_column is None or "hisco_1" not in fields:
                raise ValueError("%s: the table needs a title (or occ1) column and hisco_1, prob_1, ..." % path)
            for line in reader:
                lang = occcanine_lang(line["lang"]) if (line.get("lang") or "").strip() else ""
                slots = []
                j = 1
                while "hisco_%d" % j in fields:
                    code = (line.get("hisco_%d" % j) or "").strip()
                    if code:
                        slots.append((code, float(line.get("prob_%d" % j) or "nan"), line.get("desc_%d" % j) or ""))
                    j += 1
                self.entries[(prep_title(line[title_column]), lang)] = sorted(slots, key=lambda slot: -slot[1])

    def predict(self, occ1, lang="unk", what="pred", threshold=None, prediction_type="flat", k_pred=5, **_):
        if what != "pred":
            raise ValueError("The table predictor answers what='pred' only.")
        if isinstance(occ1, str):
            occ1 = [occ1]
        langs = [lang] * len(occ1) if isinstance(lang, str) else list(lang)
        if len(langs) != len(occ1):
            raise ValueError("If lang is a list, it must have the same length as occ1.")
        if threshold is None:
            if len(set(langs)) > 1:
                raise NotImplementedError("Language based thresholds for multiple languages. Instead you can run this separately for each language. Or use `prediction_type='flat'` which does not use thresholds.")
            threshold = THRESHOLD_LOOKUP.get(langs[0] if langs else "unk", 0.31)
        rows = []
        for title, title_lang in zip(occ1, langs):
            clean = prep_title(title)
            slots = self.entries.get((clean, title_lang), self.entries.get((clean, ""), []))
            row = {"occ1": "%s[SEP]%s" % (title_lang, clean)}
            for j in range(1, k_pred + 1):
                code, prob, desc = slots[j - 1] if j <= len(slots) else (None, float("nan"), "")
                if code is None or not prob > threshold:
                    row.update({"hisco_%d" % j: float("nan"), "prob_%d" % j: float("nan"), "desc_%d" % j: "No pred"})
                else:
                    row.update({"hisco_%d" % j: code, "prob_%d" % j: prob, "desc_%d" % j: desc})
            rows.append(row)
        return rows


class InFlight:
    """Requests being answered, so a shutdown lets them finish (idle keep-alive connections are not waited for)."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()

    def __enter__(self):
        with self.changed:
            self.count += 1

    def __exit__(self, *_):
        with self.changed:
            self.count -= 1
            self.changed.notify_all()

    def wait(self, timeout):
        with self.changed:
            return self.changed.wait_for(lambda: self.count == 0, timeout)


def make_handler(coder, info, max_titles, max_body, in_flight=None):
    in_flight = in_flight or InFlight()

    class Handler(BaseHTTPRequestHandler):
        server_version = "occcanine-service"
        protocol_version = "HTTP/1.1"
        # An idle keep-alive connection is closed after this many seconds.
        timeout = 60

        def send_json(self, status, payload):
            body = json.dumps(payload, allow_nan=False, ensure_ascii=False).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def send_error_json(self, status, message):
            self.send_json(status, {"error": {"message": message}})

        def do_GET(self):
            if self.path.split("?")[0] == "/health":
                return self.send_json(200, dict(info, status="ok", calls=coder.calls))
            if self.path.split("?")[0] in ("/", "/predict"):
                return self.send_error_json(405, "POST titles to this path.")
            self.send_error_json(404, "No such path: %s" % self.path.split("?")[0])

        def do_POST(self):
            with in_flight:
                self.answer_post()

        def answer_post(self):
            if self.path.split("?")[0] not in ("/", "/predict"):
                # The body is not read: the connection closes after the answer.
                self.close_connection = True
                return self.send_error_json(404, "No such path: %s" % self.path.split("?")[0])
            length = self.headers.get("Content-Length")
            if length is None:
                self.close_connection = True
                return self.send_error_json(411, "The request needs a Content-Length.")
            try:
                length = int(length)
            except ValueError:
                self.close_connection = True
                return self.send_error_json(400, "Content-Length is not a number.")
            if length > max_body:
                self.close_connection = True
                return self.send_error_json(413, "The body is %d bytes; at most %d." % (length, max_body))
            body = self.rfile.read(length)
            try:
                titles, langs, k = parse_request(body, max_titles)
            except RequestError as error:
                return self.send_error_json(error.status, error.message)
            try:
                rows = coder.code(titles, langs, k)
            except Exception as error:  # the predictor's failure, said to the caller as JSON
                self.log_error("predict failed: %r", error)
                return self.send_error_json(500, "OccCANINE failed: %s" % error)
            self.send_json(200, rows)

        def do_PUT(self):
            self.close_connection = True
            self.send_error_json(405, "POST titles to /predict.")

        do_DELETE = do_PATCH = do_PUT

    return Handler


def env(name, default=None):
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def parse_args(argv):
    parser = argparse.ArgumentParser(description="OccCANINE as an HTTP service (see README.md).")
    parser.add_argument("--host", default=env("OCCCANINE_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(env("OCCCANINE_PORT", "8008")), help="0 picks a free port")
    parser.add_argument("--model", default=env("OCCCANINE_MODEL", "OccCANINE_s2s_mix"),
                        help="a Hugging Face model (OccCANINE, OccCANINE_s2s, OccCANINE_s2s_mix) or a local checkpoint file")
    parser.add_argument("--device", default=env("OCCCANINE_DEVICE", "auto"), help="auto, cpu, cuda or cuda:N")
    parser.add_argument("--batch-size", type=int, default=int(env("OCCCANINE_BATCH_SIZE", "256")))
    parser.add_argument("--prediction-type", choices=PREDICTION_TYPES, default=env("OCCCANINE_PREDICTION_TYPE", "flat"),
                        help="flat (fast) or full (every code through the decoder; slower, for seq2seq/mix models)")
    parser.add_argument("--threshold", type=float, default=env("OCCCANINE_THRESHOLD"),
                        help="keep codes above this probability (default: OccCANINE's threshold for each language)")
    parser.add_argument("--max-titles", type=int, default=int(env("OCCCANINE_MAX_TITLES", "10000")))
    parser.add_argument("--table", default=env("OCCCANINE_TABLE"), help="a CSV table instead of the model (tests, demos)")
    args = parser.parse_args(argv)
    if args.threshold is not None:
        args.threshold = float(args.threshold)
    if args.batch_size < 1:
        parser.error("--batch-size must be at least 1")
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.table:
        predictor = TablePredictor(args.table)
    else:
        print("Loading %s ..." % args.model, file=sys.stderr, flush=True)
        predictor = ModelPredictor(args.model, None if args.device == "auto" else args.device, args.batch_size, args.prediction_type)
    coder = Coder(predictor, args.prediction_type, args.threshold, args.batch_size)
    info = {
        "predictor": predictor.kind,
        "model": args.table if args.table else args.model,
        "device": predictor.device,
        "predictionType": args.prediction_type,
        "threshold": args.threshold,
        "batchSize": args.batch_size,
    }
    in_flight = InFlight()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(coder, info, args.max_titles, 16 * 1024 * 1024, in_flight))
    server.daemon_threads = True

    def stop(signum, _frame):
        # shutdown() waits for serve_forever, so it runs beside it.
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    host, port = server.server_address[:2]
    print("OccCANINE service (%s) listening on http://%s:%d/predict" % (predictor.kind, host, port), flush=True)
    server.serve_forever()
    server.server_close()
    if not in_flight.wait(120):
        print("Stopping with requests still being answered", file=sys.stderr, flush=True)
    print("OccCANINE service stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
