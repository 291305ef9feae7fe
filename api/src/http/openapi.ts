/** OpenAPI generated from the contract, with Swagger UI at /api/docs. */
import { contract } from '@app/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { generateOpenApi } from '@ts-rest/open-api';
import type { FastifyInstance } from 'fastify';

function openApiDocument() {
  return generateOpenApi(
    contract,
    {
      info: { title: 'Сервис академических работ: API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    { setOperationId: 'concatenated-path' },
  );
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument() as never } });
  // Under the site's Content Security Policy (see security.ts): its page has no inline scripts;
  // the online validator's badge (an image from validator.swagger.io) is turned off.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });
}
