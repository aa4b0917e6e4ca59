export {};
//# sourceMappingURL=chai-openapi-response-validator-migration.test.d.ts.map