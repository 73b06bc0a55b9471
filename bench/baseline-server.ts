// The baseline every figure is compared with: raw node:http reading the request body and
// answering a fixed JSON body (by default the envelope of a typical RealEstateList answer,
// captured from Parlor in the same run). What Parlor adds on top is routing, auth,
// validation, the database and serialization; the ratio shows what they cost.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.env.BASELINE_BODY_FILE;
const body = Buffer.from(file ? readFileSync(file, 'utf8') : JSON.stringify(fallbackBody()));

function fallbackBody() {
  return { Data: { List: [], VirtualCount: 0 }, Version: '1.0.0', Success: true, Code: 200, Message: '' };
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
