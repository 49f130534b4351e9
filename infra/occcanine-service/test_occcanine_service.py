"""The service's own logic, with stdlib only: `python3 -m unittest` in this folder."""

import json
import os
import tempfile
import threading
import unittest
import urllib.error
import urllib.request
from http.server import ThreadingHTTPServer

import occcanine_service as service

TABLE = """title,lang,hisco_1,prob_1,desc_1,hisco_2,prob_2,desc_2
smed,da,83110,0.95,Blacksmith,83120,0.03,Hammersmith
smed,se,83110,0.8,Blacksmith,,,
farmer,,61110,0.9,General farmer,62105,0.28,Farm worker
hans kone,da,-0001,0.99,"Missing, no title",,,
"""


class Recorder(service.TablePredictor):
    """The table predictor, noting the arguments of each call."""

    def __init__(self, path):
        super().__init__(path)
        self.seen = []

    def predict(self, occ1, **options):
        self.seen.append((list(occ1), options["lang"], options["threshold"]))
        return super().predict(occ1, **options)


class LanguageAndPlanTest(unittest.TestCase):
    def test_languages_map_to_occcanine_codes(self):
        self.assertEqual([service.occcanine_lang(c) for c in ["sv", "de", "el", "nb", "en-GB", "DA", "pl", None, "mul"]],
                         ["se", "ge", "gr", "no", "en", "da", "unk", "unk", "unk"])

    def test_without_threshold_calls_group_by_language_in_batches(self):
        langs = ["da", "en", "da", "da", "en"]
        self.assertEqual(service.plan_calls(langs, None, 2), [([0, 2], "da"), ([3], "da"), ([1, 4], "en")])

    def test_with_threshold_calls_carry_per_title_languages(self):
        self.assertEqual(service.plan_calls(["da", "en", "en"], 0.1, 2), [([0, 1], ["da", "en"]), ([2], "en")])

    def test_requests_are_checked(self):
        for body, status in [(b"{", 400), (b"[]", 400), (b'{"titles": [1]}', 400), (b'{"titles": ["a"], "lang": ["da", "en"]}', 400),
                             (b'{"titles": ["a"], "k": 0}', 400), (b'{"titles": ["a", "b", "c"]}', 413)]:
            with self.assertRaises(service.RequestError) as caught:
                service.parse_request(body, 2)
            self.assertEqual(caught.exception.status, status, body)
        self.assertEqual(service.parse_request(b'{"titles": ["a", "b"], "lang": ["sv", null], "k": 3}', 2), (["a", "b"], ["se", "unk"], 3))


class CoderTest(unittest.TestCase):
    def setUp(self):
        folder = tempfile.mkdtemp()
        self.path = os.path.join(folder, "table.csv")
        with open(self.path, "w", encoding="utf-8") as file:
            file.write(TABLE)

    def test_rows_follow_titles_and_languages_with_occcanine_thresholds(self):
        predictor = Recorder(self.path)
        rows = service.Coder(predictor, batch_size=10).code(["Smed", "farmer", "smed", "Hans Kone"], ["da", "en", "se", "da"], 2)
        self.assertEqual([r["occ1"] for r in rows], ["Smed", "farmer", "smed", "Hans Kone"])
        self.assertEqual([r["hisco_1"] for r in rows], ["83110", "61110", "83110", "-0001"])
        # 0.03 is below Danish 0.24, 0.28 above English 0.26.
        self.assertEqual((rows[0]["hisco_2"], rows[0]["prob_2"], rows[0]["desc_2"]), (None, None, "No pred"))
        self.assertEqual((rows[1]["hisco_2"], rows[1]["prob_2"]), ("62105", 0.28))
        self.assertEqual([(titles, lang) for titles, lang, _ in predictor.seen], [(["Smed", "Hans Kone"], "da"), (["farmer"], "en"), (["smed"], "se")])
        json.dumps(rows, allow_nan=False)

    def test_a_threshold_sends_one_mixed_call(self):
        predictor = Recorder(self.path)
        rows = service.Coder(predictor, threshold=0.01, batch_size=10).code(["smed", "farmer"], ["da", "en"], 2)
        self.assertEqual(predictor.seen, [(["smed", "farmer"], ["da", "en"], 0.01)])
        self.assertEqual(rows[0]["hisco_2"], "83120")


class HttpTest(unittest.TestCase):
    def setUp(self):
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "table.csv")
        with open(path, "w", encoding="utf-8") as file:
            file.write(TABLE)
        coder = service.Coder(service.TablePredictor(path))
        handler = service.make_handler(coder, {"predictor": "table"}, 100, 10_000)
        handler.log_message = lambda *_: None
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def post(self, path, body):
        request = urllib.request.Request(self.url + path, data=body, headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def test_codes_and_refuses_as_json(self):
        status, rows = self.post("/predict", json.dumps({"titles": ["smed", "smed"], "lang": ["da", "sv"], "k": 1}).encode())
        self.assertEqual((status, [(r["lang"], r["prob_1"]) for r in rows]), (200, [("da", 0.95), ("se", 0.8)]))
        self.assertEqual(self.post("/predict", b'{"titles": "smed"}'), (400, {"error": {"message": '"titles" must be a list of strings.'}}))
        self.assertEqual(self.post("/predict", b"x" * 20_000)[0], 413)
        self.assertEqual(self.post("/elsewhere", b"{}")[0], 404)
        with urllib.request.urlopen(self.url + "/health") as response:
            self.assertEqual(json.loads(response.read())["status"], "ok")


if __name__ == "__main__":
    unittest.main()
