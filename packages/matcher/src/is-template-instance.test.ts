import { describe, expect, it } from 'vitest'
import { isTemplateInstance, templatePlaceholders } from './is-template-instance.js'

describe('isTemplateInstance', () => {
  it.each([
    ['/pets/{petId}', '/pets/7', true],
    ['/pets/{petId}', '/pets/7/', true],
    ['/pets/{petId}', '/pets/', false],
    ['/pets/{petId}', '/pets/7/toys', false],
    ['/pets/mine', '/pets/mine', true],
    ['/pets/mine', '/pets/7', false],
    ['/files/{id}.json', '/files/7.json', true],
    ['/files/{id}.json', '/files/.json', false],
    ['/files/{id}.json', '/files/7.xml', false],
    ['/compare/{base}...{head}', '/compare/main...dev', true],
    ['/compare/{base}...{head}', '/compare/main', false],
    ['/files/{}.json', '/files/{}.json', true],
    ['/files/{}.json', '/files/7.json', false],
    ['/', '/', true],
    ['/', '/x', false],
  ])('%s ← %s: %s', (template, path, want) => {
    expect(isTemplateInstance(template, path)).toBe(want)
  })
})

describe('templatePlaceholders', () => {
  it.each([
    ['/pets', []],
    ['/pets/{petId}/', ['petId']],
    ['/repos/{owner}/{repo}/compare/{base}...{head}', ['owner', 'repo', 'base', 'head']],
    ['/files/{id}.json', ['id']],
    ['/files/{}.json', []],
    ['/a/{x}{y}/{z}', ['x', 'y', 'z']],
  ])('%s', (template, want) => {
    expect(templatePlaceholders(template)).toEqual(want)
  })
})
