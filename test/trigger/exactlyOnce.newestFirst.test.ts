import { describeExactlyOnceUnderFaults } from './scenarios';

describeExactlyOnceUnderFaults('newestFirst');
