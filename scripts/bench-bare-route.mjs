// The ceiling the benchmark reads the store's figures against: a bare Fastify route, in a process of its
// own, answering with exactly the bytes the store answered the same call with. The benchmark gives it those
// bytes (PUT /answers/<name>, raw body; the answer's status and type in headers) and then loads
// /bare/<name> as it loads the store's route: same method, same request body, same connections.
import Fastify from 'fastify';

const answers = new Map();
const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
  done(null, body),
);

app.put('/answers/:name', async (request) => {
  answers.set(request.params.name, {
    status: Number(request.headers['x-answer-status'] ?? 200),
    type: String(request.headers['x-answer-type'] ?? 'application/json; charset=utf-8'),
    body: request.body,
  });
  return { ok: true };
});

// The request's JSON body is parsed, as the store's route parses it, and otherwise ignored.
app.route({
  method: ['GET', 'POST'],
  url: '/bare/:name',
  handler: async (request, reply) => {
    const answer = answers.get(request.params.name);
    if (!answer) return reply.code(404).send({ message: 'no such answer' });
    return reply.code(answer.status).type(answer.type).send(answer.body);
  },
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.info(`bare route ready at http://127.0.0.1:${app.server.address().port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close());
