// ModelList (docs/api.md "API overview"): the model catalogue a chatbot's Model may name. The platform
// documents it as GET; POST is accepted too, for clients that POST every operation.
import { Type } from 'typebox';
import { ErrorEnvelope, envelopeOf, ok } from '../http/envelope.ts';
import type { App } from '../http/types.ts';
import type { ModelCatalog } from './model-catalog.ts';

const ModelItem = Type.Object(
  {
    Key: Type.String({ description: "What Edit's Model takes (and stores)", examples: ['builtin'] }),
    Value: Type.String({ description: 'The model name; Edit accepts it too', examples: ['parlor-builtin'] }),
    Status: Type.Boolean({
      description: 'Usable now: the builtin engine always; a provider model when its provider answers',
    }),
  },
  { examples: [{ Key: '2', Value: 'gpt-4o-mini', Status: true }] },
);

export async function modelList(engines: Pick<ModelCatalog, 'statuses'>) {
  const statuses = await engines.statuses();
  return statuses.map((m) => ({ Key: m.key, Value: m.name, Status: m.usable }));
}

export function registerModelListRoutes(app: App, deps: { engines: Pick<ModelCatalog, 'statuses'> }): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/chat/Chatbot/ModelList',
    schema: {
      tags: ['chatbots'],
      summary: 'The models a chatbot can use (Key for Edit, Value, Status: usable now)',
      response: { 200: envelopeOf(Type.Array(ModelItem)), '4xx': ErrorEnvelope },
    },
    handler: async () => ok(await modelList(deps.engines)),
  });
}
