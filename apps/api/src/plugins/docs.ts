import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// OpenAPI built from the routes' own zod schemas, browsable at /api/docs.
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Oja marketplace API',
        version: '1.0.0',
        description: 'Second-hand marketplace for Nigeria.',
      },
      components: {
        securitySchemes: {
          user: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'User token from /api/users/login',
          },
          admin: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Admin token from /api/admin/login',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
