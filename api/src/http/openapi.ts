/** OpenAPI generated from the contract, with Swagger UI at /api/docs. */
import { contract } from '@app/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { generateOpenApi } from '@ts-rest/open-api';
import type { FastifyInstance } from 'fastify';

export function openApiDocument() {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
