export {};
//# sourceMappingURL=node-test-run.test.d.ts.map