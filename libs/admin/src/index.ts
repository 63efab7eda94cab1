export { AdminServiceModule } from './admin.module';
export { AdminConfig } from './admin.config';
