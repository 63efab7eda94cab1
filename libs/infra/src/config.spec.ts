import 'reflect-metadata';
import { IsString } from 'class-validator';
import { BaseConfig, ConfigError, Deployed, deployedVariables, loadConfig } from './config';

class SampleConfig extends BaseConfig {
  @Deployed()
  @IsString()
  API_HOST = '127.0.0.1';
}

describe('loadConfig', () => {
  it('lists the variables a deployment must set, the base class’s included', () => {
    expect(deployedVariables(SampleConfig)).toEqual(['API_HOST', 'DATABASE_URL', 'NODE_ENV', 'REDIS_URL']);
  });

  it('runs on the local defaults outside production', () => {
    expect(loadConfig(SampleConfig, { NODE_ENV: 'development' }).API_HOST).toBe('127.0.0.1');
  });

  it('refuses to start in production while a variable a deployment must set is missing', () => {
    expect(() => loadConfig(SampleConfig, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r' })).toThrow(/API_HOST: must be set in production/);
    expect(() => loadConfig(SampleConfig, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r', API_HOST: '' })).toThrow(ConfigError);
    expect(loadConfig(SampleConfig, { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r', API_HOST: 'api' }).API_HOST).toBe('api');
  });
});
