import { describeExactlyOnceUnderFaults } from './scenarios';

describeExactlyOnceUnderFaults('oldestFirst');
